import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Typography } from 'antd';
import {
  AppstoreOutlined,
  ClockCircleOutlined,
  DollarOutlined,
  MailOutlined,
  MessageOutlined,
  SearchOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
  CommentOutlined,
} from '@ant-design/icons';
import { holdsWords, searchApi, SEARCH_KEYWORD_MAX, type SearchHit, type SearchType } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { loadRecent, rememberSearch, forgetRecent } from './recent';
import './search.css';

// A screen of the member's menu, as the frame names it (the panel matches them here, without the server).
export type SearchScreen = { path: string; title: string };

type Group = SearchType | 'screen';
type Item = { key: string; group: Group; title: string; detail: string | null; path: string };

const ICONS: Record<Group, ReactNode> = {
  screen: <AppstoreOutlined />,
  application: <SolutionOutlined />,
  student: <UserOutlined />,
  staff: <TeamOutlined />,
  payment: <DollarOutlined />,
  feedback: <CommentOutlined />,
  email: <MailOutlined />,
  sms: <MessageOutlined />,
};

const SCREEN_MAX = 5;
const DEBOUNCE_MS = 150;

// Where a found record opens: its detail screen when the member may open it, else the list it belongs to.
function targetOf(type: SearchType, hit: SearchHit, canOpen: (path: string) => boolean): string {
  const first = (...paths: string[]) => paths.find((p) => canOpen(p.split('?')[0]!)) ?? paths[paths.length - 1]!;
  switch (type) {
    case 'application':
      return first(`/applicationManage/applicationDetail?id=${hit.id}`, '/applicationManage/applicationList');
    case 'student':
      return '/employee/accountList';
    case 'staff':
      return first(`/employee/employeeProfile?id=${hit.id}`, '/employee/employeeList');
    case 'payment':
      return first(
        `/applicationManage/userTransactions?id=${hit.applicationId ?? 0}`,
        '/transactionsManage/transactions',
      );
    case 'feedback':
      return `/feedbackManage/feedback?id=${hit.id}`;
    case 'email':
      return '/message/emailManage';
    case 'sms':
      return '/message/smsManage';
  }
}

// The navbar search box (issue 39): what is typed is looked up in the member's screens here and in the records of
// every list they may see on the server (each group only with its list's permission); arrows choose, Enter opens,
// Escape closes; the searches that opened something are kept on this device.
export default function SearchPanel({
  open,
  onClose,
  screens,
  canOpen,
}: {
  open: boolean;
  onClose: () => void;
  screens: readonly SearchScreen[];
  // Whether a path opens a screen for this member (the frame knows; the navbar is outside the screens' context).
  canOpen: (path: string) => boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<string[]>(loadRecent);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (open) {
      setText('');
      setKeyword('');
      setRecent(loadRecent());
    }
  }, [open]);

  const found = useQuery({
    queryKey: ['search', keyword],
    queryFn: ({ signal }) => fetchData(searchApi.search, { keyword }, { signal }),
    enabled: open && keyword.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

  const items = useMemo<Item[]>(() => {
    if (!keyword) return [];
    const own = screens
      .filter((s) => holdsWords(s.title, keyword))
      .slice(0, SCREEN_MAX)
      .map((s) => ({ key: `screen:${s.path}`, group: 'screen' as const, title: s.title, detail: null, path: s.path }));
    const records = (found.data?.groups ?? []).flatMap((g) =>
      g.hits.map((hit) => ({
        key: `${g.type}:${hit.id}`,
        group: g.type,
        title: hit.title,
        detail: hit.detail,
        path: targetOf(g.type, hit, canOpen),
      })),
    );
    return [...own, ...records];
  }, [keyword, screens, found.data, canOpen]);

  // The options the arrows move through (the ARIA combobox pattern, WCAG 4.1.2): the recent searches before anything
  // is typed, else what was found.
  const recentShown = !keyword ? recent : [];
  const count = keyword ? items.length : recentShown.length;
  const ids = useId();
  const listId = `${ids}-list`;
  const optionId = (i: number) => `${ids}-option-${i}`;

  useEffect(() => setActive(0), [items, keyword]);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const openItem = (item: Item | undefined) => {
    if (!item) return;
    setRecent(rememberSearch(keyword));
    onClose();
    void navigate(item.path);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!count) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + count) % count);
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (keyword) openItem(items[active]);
      else if (recentShown[active] !== undefined) setText(recentShown[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    }
  };

  let body: ReactNode;
  if (!keyword) {
    body = recent.length ? (
      <div data-testid="search-recent">
        <div className="search-group-title">
          <span>{t('search.recent')}</span>
          <Button type="link" size="small" onClick={() => setRecent(forgetRecent())}>
            {t('search.clearRecent')}
          </Button>
        </div>
        <div role="listbox" id={listId} aria-label={t('search.recent')}>
          {recent.map((r, i) => (
            <div
              key={r}
              id={optionId(i)}
              className="search-item"
              role="option"
              aria-selected={i === active}
              onMouseEnter={() => setActive(i)}
              onClick={() => setText(r)}
            >
              <ClockCircleOutlined className="search-item-icon" aria-hidden />
              <span className="search-item-title">{r}</span>
            </div>
          ))}
        </div>
      </div>
    ) : (
      <Typography.Text type="secondary">{t('search.noRecent')}</Typography.Text>
    );
  } else if (found.isError && !items.length) {
    body = <Typography.Text type="danger">{t('search.failed')}</Typography.Text>;
  } else if (!items.length) {
    body = (
      <Typography.Text type="secondary" data-testid="search-empty">
        {found.isFetching ? t('search.searching') : t('search.empty', { keyword })}
      </Typography.Text>
    );
  } else {
    // One group of options per kind of record, named by its title.
    const groups: { group: Group; first: number; items: Item[] }[] = [];
    items.forEach((item, i) => {
      const last = groups[groups.length - 1];
      if (last?.group === item.group) last.items.push(item);
      else groups.push({ group: item.group, first: i, items: [item] });
    });
    body = (
      <div role="listbox" id={listId} aria-label={t('search.title')}>
        {groups.map(({ group, first, items: own }) => (
          <div key={group} role="group" aria-labelledby={`${ids}-group-${group}`}>
            <div className="search-group-title" id={`${ids}-group-${group}`}>
              {t(`search.groups.${group}`)}
            </div>
            {own.map((item, k) => option(item, first + k))}
          </div>
        ))}
      </div>
    );
  }

  function option(item: Item, i: number) {
    return (
      <div
        key={item.key}
        id={optionId(i)}
        className="search-item"
        role="option"
        aria-selected={i === active}
        data-testid={`search-hit-${item.key}`}
        onMouseEnter={() => setActive(i)}
        onClick={() => openItem(item)}
      >
        <span className="search-item-icon" aria-hidden>
          {ICONS[item.group]}
        </span>
        <span className="search-item-title">{item.title}</span>
        {item.detail && <span className="search-item-detail">{item.detail}</span>}
      </div>
    );
  }

  // Said without moving the focus (WCAG 4.1.3): searching, nothing found, how many were found.
  let status = '';
  if (keyword) {
    if (found.isError && !items.length) status = t('search.failed');
    else if (!items.length) status = found.isFetching ? t('search.searching') : t('search.empty', { keyword });
    else if (!found.isFetching) status = t('search.found', { count: items.length });
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={640}
      style={{ top: 72 }}
      destroyOnHidden
      className="search-panel"
      // The dialog's name, read and not drawn (the box's placeholder says the rest).
      title={t('search.title')}
      classNames={{ header: 'sr-only' }}
      data-testid="search-panel"
    >
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={text}
        maxLength={SEARCH_KEYWORD_MAX}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        allowClear
        aria-label={t('search.placeholder')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={count > 0}
        aria-controls={count > 0 ? listId : undefined}
        aria-activedescendant={count > 0 ? optionId(Math.min(active, count - 1)) : undefined}
        data-testid="search-input"
      />
      <div className="search-results" ref={list} data-testid="search-results">
        {body}
      </div>
      <div role="status" className="sr-only" data-testid="search-status">
        {status}
      </div>
      <div className="search-hint">{t('search.hint')}</div>
    </Modal>
  );
}
