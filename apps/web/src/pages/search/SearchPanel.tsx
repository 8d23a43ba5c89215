import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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

  useEffect(() => setActive(0), [items]);
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
      if (!items.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      openItem(items[active]);
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
        {recent.map((r) => (
          <div key={r} className="search-item" role="button" tabIndex={-1} onClick={() => setText(r)}>
            <ClockCircleOutlined className="search-item-icon" />
            <span className="search-item-title">{r}</span>
          </div>
        ))}
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
    let last: Group | null = null;
    body = items.map((item, i) => {
      const header = item.group !== last && (
        <div className="search-group-title">{t(`search.groups.${item.group}`)}</div>
      );
      last = item.group;
      return (
        <div key={item.key}>
          {header}
          <div
            className="search-item"
            role="option"
            aria-selected={i === active}
            data-testid={`search-hit-${item.key}`}
            onMouseEnter={() => setActive(i)}
            onClick={() => openItem(item)}
          >
            <span className="search-item-icon">{ICONS[item.group]}</span>
            <span className="search-item-title">{item.title}</span>
            {item.detail && <span className="search-item-detail">{item.detail}</span>}
          </div>
        </div>
      );
    });
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
        data-testid="search-input"
      />
      <div className="search-results" role="listbox" ref={list} data-testid="search-results">
        {body}
      </div>
      <div className="search-hint">{t('search.hint')}</div>
    </Modal>
  );
}
