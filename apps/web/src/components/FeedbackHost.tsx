import { isValidElement, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { message, Modal } from 'antd';
import type { ArgsProps, JointContent, MessageInstance } from 'antd/es/message/interface';
import { bindFeedback } from '../lib/feedback';
import { useSettings } from '../stores/settings';
import { withClosableContent } from './closableConfirm';
import { withOkFocus } from './confirmFocus';

const isArgs = (c: JointContent): c is ArgsProps =>
  typeof c === 'object' && c !== null && !isValidElement(c) && 'content' in c;

// The "keep error messages" setting (WCAG 2.2.1, decision 353): an error toast stays until the member closes it with
// its own button (or a fourth toast takes the oldest's place), instead of closing after its seconds.
// (Counted for the page's life: a wrapper made anew, after a language change, must not reuse an open toast's key.)
let made = 0;
export function lastingErrors(api: MessageInstance, closeLabel: string): MessageInstance {
  const error = (content: JointContent) => {
    const args: ArgsProps = isArgs(content) ? content : { content: content as ReactNode };
    const key = args.key ?? `lasting-error-${++made}`;
    return api.open({
      ...args,
      type: 'error',
      key,
      duration: 0,
      content: (
        <>
          {args.content}
          <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => api.destroy(key)}>
            ×
          </button>
        </>
      ),
    });
  };
  return { ...api, error };
}

// antd's message and modal holders inside the app's theme and locale; lib/feedback.ts calls them. A chunk of its own,
// loaded by FeedbackMount.
export default function FeedbackHost() {
  const { t } = useTranslation();
  const keepErrors = useSettings((s) => s.keepErrors);
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 3 });
  const [modalApi, modalHolder] = Modal.useModal();
  const modal = useMemo(() => withClosableContent(withOkFocus(modalApi)), [modalApi]);
  const closeLabel = t('frame.settings.closeMessage');
  const messages = useMemo(
    () => (keepErrors ? lastingErrors(messageApi, closeLabel) : messageApi),
    [keepErrors, messageApi, closeLabel],
  );
  useEffect(() => {
    bindFeedback({ message: messages, modal });
    return () => bindFeedback(undefined);
  }, [messages, modal]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
