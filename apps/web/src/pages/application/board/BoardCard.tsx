import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Tag, theme } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { daysBetween, displayName, ukDay, type BoardCard as Card } from '@study-crm/shared';
import { ProgressCell } from '../../../components/crud/cells';

const DECISION_COLOR: Record<string, string> = {
  pending: 'default',
  conditional: 'cyan',
  unconditional: 'green',
  unsuccessful: 'red',
  withdrawn: 'default',
};

// The days from today to a YYYY-MM-DD date: the UK day, as the server's deadlines and reminders count (not the
// browser's, which is yesterday or tomorrow abroad).
const daysTo = (date: string) => daysBetween(ukDay(Date.now()), date);

type Props = {
  card: Card;
  busy: boolean;
  statusLabel: string;
  // The statuses the card may move to (none without the update permission).
  targets: { value: string; label: string }[];
  onMove: (status: string) => void;
  onOpen?: ((id: number) => void) | undefined;
  onDragStart: () => void;
  onDragEnd: () => void;
};

// One application on the board: the student, the target schools with their decisions, the next UCAS deadline and
// the follow-up ratio. Focusable; dragged with the mouse or moved with its "Move to…" menu from the keyboard.
export function BoardCard({ card, busy, statusLabel, targets, onMove, onOpen, onDragStart, onDragEnd }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const eng = displayName({ engLastName: card.engLastName, engFirstName: card.engFirstName }, '');
  const deadline = card.nextDeadline;
  const soon = deadline ? daysTo(deadline.date) <= 14 : false;
  const movable = targets.length > 0;
  return (
    <article
      tabIndex={0}
      data-card-id={card.id}
      data-testid="board-card"
      aria-label={t('applicationBoard.cardLabel', { name: card.name, status: statusLabel })}
      aria-busy={busy || undefined}
      draggable={movable && !busy}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(card.id));
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        padding: '8px 10px',
        cursor: movable ? 'grab' : 'default',
        opacity: busy ? 0.6 : 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' }}>
        <div style={{ minWidth: 0 }}>
          {onOpen ? (
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto', fontWeight: 600, maxWidth: '100%' }}
              onClick={() => onOpen(card.id)}
              data-testid="board-card-name"
            >
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{card.name}</span>
            </Button>
          ) : (
            <strong data-testid="board-card-name">{card.name}</strong>
          )}
          {eng && (
            <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, overflow: 'hidden' }}>{eng}</div>
          )}
        </div>
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}>
          {card.applicationDate}
        </span>
      </div>
      {card.targetSchools.length ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {card.targetSchools.slice(0, 5).map((s, i) => (
            <li
              key={i}
              style={{ display: 'flex', justifyContent: 'space-between', gap: 6, fontSize: token.fontSizeSM }}
            >
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={s.school}>
                {s.school}
              </span>
              <Tag color={DECISION_COLOR[s.decision] ?? 'default'} style={{ marginInlineEnd: 0 }}>
                {t(`application.choice.decision.${s.decision}` as 'application.choice.decision.pending', {
                  defaultValue: s.decision,
                })}
                {s.reply ? ` · ${t(`application.choice.reply.${s.reply}` as 'application.choice.reply.firm')}` : ''}
              </Tag>
            </li>
          ))}
          {card.targetSchools.length > 5 && (
            <li style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
              +{card.targetSchools.length - 5}
            </li>
          )}
        </ul>
      ) : (
        <div style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
          {t('applicationBoard.noSchools')}
        </div>
      )}
      {deadline && (
        <div
          data-testid="board-card-deadline"
          style={{ fontSize: token.fontSizeSM, color: soon ? token.colorErrorText : token.colorTextSecondary }}
        >
          {t('applicationBoard.deadline', {
            date: deadline.date,
            school: deadline.school,
            kind: t(`applicationBoard.deadlineKind.${deadline.kind}`),
          })}
        </div>
      )}
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <ProgressCell
          percent={card.completionRatio}
          label={t('applicationBoard.completion')}
          text={`${card.completionRatio}% (${card.followDone}/${card.followTotal})`}
          testId="board-card-ratio"
        />
        {movable && (
          <Dropdown
            trigger={['click']}
            autoFocus
            disabled={busy}
            menu={{
              items: targets.map((o) => ({ key: o.value, label: o.label })),
              onClick: ({ key }) => onMove(key),
            }}
          >
            <Button
              size="small"
              type="text"
              aria-label={t('applicationBoard.moveToLabel', { name: card.name })}
              data-testid="board-card-move"
            >
              {t('applicationBoard.moveTo')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </div>
    </article>
  );
}
