import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import { searchWords, type PersonMatch } from '@study-crm/shared';
import { highlightParts } from './highlight';

type Props = {
  // The name the picker shows, and what it adds after it (the login name in brackets).
  name: string;
  suffix?: string;
  matched: readonly PersonMatch[];
  // What was typed.
  term: string;
};

function Marked({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightParts(text, words).map((p, i) =>
        p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

// A people picker's option (issue 36): the name with the parts that were searched for marked, and below it each
// other name that matched, named ("E-mail: amy.chan@…"), so everyone can see why the person was found.
export function PersonOptionLabel({ name, suffix, matched, term }: Props) {
  const { t } = useTranslation();
  const words = searchWords(term);
  const shown = `${name}${suffix ?? ''}`;
  const others = matched.filter((m) => m.field !== 'name' && !shown.includes(m.value));
  return (
    <div data-testid="person-option">
      <div>
        <Marked text={shown} words={words} />
      </div>
      {others.map((m) => (
        <Typography.Text key={m.field} type="secondary" style={{ fontSize: 12, display: 'block' }}>
          {t(`crud.matchedBy.${m.field}`)}: <Marked text={m.value} words={words} />
        </Typography.Text>
      ))}
    </div>
  );
}
