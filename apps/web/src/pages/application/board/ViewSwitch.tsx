import { useTranslation } from 'react-i18next';
import { Button, Space } from 'antd';
import { lazyPart } from '../../../components/lazyPart';
import { registerBundle } from '../../../i18n';
import type { BoardProps } from './ApplicationBoard';

export type ListView = 'table' | 'board' | 'week';

// The list's view is list state (`f.view=board` in the address, beside the filters): a reload or a shared link
// opens the same view with the same filters.
export const viewOf = (value: unknown): ListView => (value === 'board' ? 'board' : 'table');

// The board's code (and the decision names it shows) loads only when the board is first shown.
export const ApplicationBoard = lazyPart<BoardProps>(() =>
  Promise.all([import('./ApplicationBoard'), import('../choiceLocale')]).then(([board, choice]) => {
    registerBundle(choice.applicationChoice);
    return { default: board.default };
  }),
);

// Pressed/unpressed buttons (antd's Button and Space are on the first screen already; a Segmented is not): the
// table, the board, and what falls due this week (issue 40).
export function ViewSwitch({ value, onChange }: { value: ListView; onChange: (v: ListView) => void }) {
  const { t } = useTranslation();
  const views: ListView[] = ['table', 'board', 'week'];
  return (
    <Space.Compact role="group" aria-label={t('applicationBoard.view.label')} data-testid="app-view-switch">
      {views.map((v) => (
        <Button
          key={v}
          type={value === v ? 'primary' : 'default'}
          aria-pressed={value === v}
          data-testid={`app-view-${v}`}
          onClick={() => value !== v && onChange(v)}
          onMouseEnter={v === 'board' ? () => ApplicationBoard.preload() : undefined}
        >
          {v === 'week' ? t('application.visa.thisWeek') : t(`applicationBoard.view.${v}`)}
        </Button>
      ))}
    </Space.Compact>
  );
}
