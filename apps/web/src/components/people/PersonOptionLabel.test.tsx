import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import i18n from '../../i18n';
import { PersonOptionLabel } from './PersonOptionLabel';
import { highlightParts } from './highlight';

afterEach(cleanup);

const marked = (el: HTMLElement) => [...el.querySelectorAll('mark')].map((m) => m.textContent);

describe('a people picker option', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('marks the parts of the name that were typed, in any order, accents aside', () => {
    const { getByTestId } = render(
      <PersonOptionLabel name="Müller Zoë" matched={[{ field: 'name', value: 'Müller Zoë' }]} term="zoe mull" />,
    );
    const option = getByTestId('person-option');
    expect(option.textContent).toBe('Müller Zoë');
    expect(marked(option)).toEqual(['Müll', 'Zoë']);
  });

  it('names the other name that matched, translated, with the typed part marked', async () => {
    const draw = () =>
      render(
        <PersonOptionLabel
          name="Chan Amy"
          suffix=" (achan)"
          matched={[
            { field: 'email', value: 'amy.chan@example.com' },
            { field: 'loginName', value: 'achan' },
          ]}
          term="chan@"
        />,
      ).getByTestId('person-option');
    let option = draw();
    // The login name is already shown after the name: only the e-mail is added.
    expect(option.textContent).toBe('Chan Amy (achan)E-mail: amy.chan@example.com');
    expect(marked(option)).toEqual(['chan@']);
    cleanup();
    await i18n.changeLanguage('zh-TW');
    option = draw();
    expect(option.textContent).toContain('電子郵件: amy.chan@example.com');
    await i18n.changeLanguage('en-US');
  });

  it('shows a masked e-mail as the project picker answers it, the typed part marked', () => {
    const option = render(
      <PersonOptionLabel name="Chan Amy" matched={[{ field: 'email', value: '•••chan@exam•••' }]} term="chan@exam" />,
    ).getByTestId('person-option');
    expect(option.textContent).toBe('Chan AmyE-mail: •••chan@exam•••');
    expect(marked(option)).toEqual(['chan@exam']);
  });

  it('shows the name alone when nothing was typed', () => {
    const { getByTestId } = render(<PersonOptionLabel name="Lee Bob" matched={[]} term="" />);
    expect(getByTestId('person-option').textContent).toBe('Lee Bob');
    expect(marked(getByTestId('person-option'))).toEqual([]);
  });
});

describe('highlightParts', () => {
  it('keeps the text whole and marks each typed word', () => {
    expect(highlightParts('陳美玲', ['美'])).toEqual([
      { text: '陳', hit: false },
      { text: '美', hit: true },
      { text: '玲', hit: false },
    ]);
    expect(highlightParts('Zoë Zoe', ['zoe'])).toEqual([
      { text: 'Zoë', hit: true },
      { text: ' ', hit: false },
      { text: 'Zoe', hit: true },
    ]);
  });
});
