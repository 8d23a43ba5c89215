import { useEffect, useState } from 'react';
import { contentApi, type Locale, type PublishedContent } from '@study-crm/shared';
import { call } from '../../api/call';

// Published announcements for the reader's language (issue 21), under the brand: plain text, escaped by React.
// Nothing is shown when there are none or the call fails (the sign-in form never waits for it).
export function LoginAnnouncements({ locale }: { locale: Locale }) {
  const [items, setItems] = useState<PublishedContent[]>([]);
  useEffect(() => {
    let live = true;
    call(contentApi.published, { locale, limit: 3 }, { isLogin: true, apiResCode: [400, 403, 404, 500, 9001] })
      .then((res) => {
        if (live && res.meta.code === 200 && Array.isArray(res.data)) setItems(res.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [locale]);
  if (!items.length) return null;
  return (
    <ul className="login-news" data-testid="login-announcements">
      {items.map((a) => (
        <li key={a.id}>
          <strong>{a.title}</strong>
          <span>{a.body}</span>
        </li>
      ))}
    </ul>
  );
}
