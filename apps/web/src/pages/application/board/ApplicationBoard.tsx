import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Spin, theme } from 'antd';
import { APPLICATION_DICT, type BoardCard as Card, type DictOption } from '@study-crm/shared';
import { useDictOptions, useDictText } from '../../../components/dict';
import { splitRefusal } from '../../../api/refusal';
import { toastError } from '../../../lib/feedback';
import { BoardCard } from './BoardCard';
import { srOnly } from './srOnly';
import { useInvalidateApplication } from '../api';
import { moveCard, useBoardColumn, useBoardCounts, type BoardFilters } from './api';

type Moving = Record<number, { card: Card; to: string }>;
export type BoardProps = {
  filters: BoardFilters & { status?: string | undefined };
  canMove: boolean;
  onOpen?: ((id: number) => void) | undefined;
};

// The applications list as a board (issue 40): a column per status in the dictionary's order, each paging its own
// cards by seek; a card dragged (or moved with its "Move to…" menu) to another column changes the application's
// status through the server's rules and version check, and a refused move goes back where it was, saying why.
export default function ApplicationBoard({ filters: all, canMove, onOpen }: BoardProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const invalidateApplications = useInvalidateApplication();
  const text = useDictText();
  const { status: only, ...filters } = all;
  const { options } = useDictOptions(APPLICATION_DICT.status);
  const counts = useBoardCounts(filters);
  const [moving, setMoving] = useState<Moving>({});
  const [dragging, setDragging] = useState<Card | null>(null);
  const [said, setSaid] = useState('');
  const focusAfter = useRef<number | null>(null);

  // Enabled statuses in the dictionary's order, then any status the rows still carry that is no longer offered.
  const known = new Set(options.map((o) => o.value));
  const extra = [...(counts.data?.keys() ?? [])].filter((s) => !known.has(s));
  const columns: DictOption[] = [
    ...options,
    ...extra.map((value) => ({ value, label: value, label2: value, color: null })),
  ].filter((o) => !only || o.value === only);
  const targets = options.map((o) => ({ value: o.value, label: text(o) }));
  const labelOf = (status: string) => targets.find((o) => o.value === status)?.label ?? status;

  async function move(card: Card, to: string) {
    // A dragged card that lands in another column is drawn anew there: its own dragend never comes.
    setDragging(null);
    if (card.status === to || moving[card.id]) return;
    setMoving((m) => ({ ...m, [card.id]: { card, to } }));
    const env = await moveCard({ id: card.id, version: card.version, status: to }).catch(() => null);
    if (env?.meta.code === 200) {
      setSaid(t('applicationBoard.moved', { name: card.name, status: labelOf(to) }));
      focusAfter.current = card.id;
      // The table, the counts, both columns (and the dashboard, timelines, operation log) read again before the card
      // leaves its in-flight place.
      await invalidateApplications();
    } else {
      const reason = env ? splitRefusal(env.meta.message).headline : '';
      if (env) toastError(t('applicationBoard.refused', { name: card.name, reason }));
      setSaid(t('applicationBoard.refused', { name: card.name, reason }));
      focusAfter.current = card.id;
      // A stale card is read again, so a second try uses the version someone else saved.
      void client.invalidateQueries({ queryKey: ['application', 'board'] });
    }
    setMoving(({ [card.id]: _, ...rest }) => rest);
  }

  // The moved (or snapped back) card keeps the keyboard focus in its new place, unless the person has gone on to
  // something else meanwhile (another card's menu, the search box): their focus is left where they put it.
  useEffect(() => {
    const id = focusAfter.current;
    if (id === null || moving[id]) return;
    const el = document.querySelector<HTMLElement>(`[data-card-id="${id}"]`);
    if (!el) return;
    focusAfter.current = null;
    const now = document.activeElement;
    if (!now || now === document.body || el.contains(now)) el.focus();
  });

  return (
    <div>
      <div style={srOnly} aria-live="polite" role="status" data-testid="board-live">
        {said}
      </div>
      <p style={srOnly}>{t('applicationBoard.keyboardHint')}</p>
      <div
        role="region"
        aria-label={t('applicationBoard.region')}
        className="app-board"
        data-testid="app-board"
        style={{ display: 'flex', gap: 12, overflowX: 'auto', alignItems: 'flex-start', paddingBottom: 8 }}
      >
        {columns.map((c) => (
          <BoardColumn
            key={c.value}
            status={c.value}
            title={text(c)}
            color={c.color}
            count={
              counts.data &&
              (counts.data.get(c.value) ?? 0) +
                Object.values(moving).filter((m) => m.to === c.value).length -
                Object.values(moving).filter((m) => m.card.status === c.value).length
            }
            filters={filters}
            moving={moving}
            canDrop={canMove && known.has(c.value) && !!dragging && dragging.status !== c.value}
            onDrop={() => dragging && void move(dragging, c.value)}
            renderCard={(card) => (
              <BoardCard
                key={card.id}
                card={card}
                busy={!!moving[card.id]}
                targets={canMove ? targets.filter((o) => o.value !== card.status) : []}
                statusLabel={labelOf(card.status)}
                onMove={(to) => void move(card, to)}
                onOpen={onOpen}
                onDragStart={() => setDragging(card)}
                onDragEnd={() => setDragging(null)}
              />
            )}
          />
        ))}
      </div>
    </div>
  );
}

function BoardColumn(props: {
  status: string;
  title: string;
  color: string | null | undefined;
  // Undefined while the counts load.
  count: number | undefined;
  filters: BoardFilters;
  moving: Moving;
  canDrop: boolean;
  onDrop: () => void;
  renderCard: (card: Card) => ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { status, filters, moving } = props;
  const query = useBoardColumn(status, filters);
  const [over, setOver] = useState(false);
  const headingId = `board-col-${status}`;
  const arriving = Object.values(moving)
    .filter((m) => m.to === status)
    .map((m) => ({ ...m.card, status }));
  const cards = [...arriving, ...(query.data?.pages.flatMap((p) => p.list) ?? []).filter((c) => !moving[c.id])];
  const allow = (e: DragEvent) => {
    if (!props.canDrop) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`board-col-${status}`}
      onDragOver={allow}
      onDragEnter={allow}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (props.canDrop) props.onDrop();
      }}
      style={{
        flex: '0 0 272px',
        width: 272,
        background: over ? token.colorPrimaryBg : token.colorFillQuaternary,
        outline: over ? `2px dashed ${token.colorPrimary}` : props.canDrop ? `1px dashed ${token.colorBorder}` : 'none',
        borderRadius: token.borderRadiusLG,
        padding: 8,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: 'calc(100vh - 260px)',
        minHeight: 160,
      }}
    >
      <h3
        id={headingId}
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          margin: '0 4px 8px',
          fontSize: token.fontSize,
          fontWeight: 600,
          color: token.colorText,
        }}
      >
        <span style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
          <span
            aria-hidden
            style={{ width: 8, height: 8, borderRadius: 4, background: props.color || token.colorTextQuaternary }}
          />
          <span
            data-testid="board-col-title"
            style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {props.title}
          </span>
        </span>
        <span data-testid="board-col-count" style={{ color: token.colorTextSecondary, fontWeight: 400 }}>
          <span style={srOnly}>{props.title} </span>
          {props.count === undefined ? '…' : t('applicationBoard.count', { count: props.count })}
        </span>
      </h3>
      <div style={{ overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 8, padding: 2 }}>
        {query.isPending ? (
          <Spin style={{ margin: 16 }} />
        ) : cards.length ? (
          cards.map(props.renderCard)
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('applicationBoard.empty')} />
        )}
        {query.hasNextPage && (
          <Button
            block
            type="text"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid="board-load-more"
          >
            {t('applicationBoard.loadMore')}
          </Button>
        )}
      </div>
    </section>
  );
}
