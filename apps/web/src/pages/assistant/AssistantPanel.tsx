import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert, Button, Drawer, Input, Space, Tooltip, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  HistoryOutlined,
  PlusOutlined,
  RobotOutlined,
  SendOutlined,
  StopOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { ASSISTANT_QUESTION_MAX } from '@study-crm/shared';
import { ROUTER_BASE } from '../../paths';
import { ConversationList } from './ConversationList';
import { MessageBubble } from './MessageBubble';
import { ChatStatus } from './ChatStatus';
import { useChat } from './useChat';
import './assistant.css';

const EXAMPLES = ['cas', 'deadlines', 'payments', 'howTo'] as const;

// A portal route as the router knows it (links may carry the /sadmin base).
const routeOf = (path: string) => (path.startsWith(`${ROUTER_BASE}/`) ? path.slice(ROUTER_BASE.length) : path);

// XiaoK's panel (spec sections 1 and 2): the conversation, its history, a new conversation, streamed answers with
// a stop button. It stays mounted once opened, so an answer keeps coming in while the panel is closed.
export default function AssistantPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chat = useChat();
  const [view, setView] = useState<'chat' | 'history'>('chat');
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // While earlier messages are loaded: the distance of the view from the end of the scrolled body, kept when they
  // are put in front so what was read stays where it was.
  const fromEnd = useRef<number | null>(null);
  const scroller = () => list.current?.closest<HTMLElement>('.ant-drawer-body') ?? null;

  // A new message or answer text scrolls to the end; earlier messages put in front do not.
  const last = chat.messages[chat.messages.length - 1];
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [last?.key, last?.content, last?.status, view, open]);

  const loadEarlier = () => {
    const el = scroller();
    fromEnd.current = el ? el.scrollHeight - el.scrollTop : null;
    void chat.loadOlder();
  };
  const firstKey = chat.messages[0]?.key;
  useLayoutEffect(() => {
    const el = scroller();
    if (fromEnd.current === null || chat.isLoadingOlder) return;
    if (el) el.scrollTop = el.scrollHeight - fromEnd.current;
    fromEnd.current = null;
  }, [firstKey, chat.isLoadingOlder]);

  const nav = {
    hrefOf: (path: string) => `${ROUTER_BASE}${routeOf(path)}`,
    onNavigate: (path: string) => {
      onClose();
      void navigate(routeOf(path));
    },
  };
  const ask = (question: string) => {
    if (!question.trim() || chat.isBusy) return;
    setView('chat');
    setDraft('');
    void chat.send(question);
  };

  const header = (
    <Space size={8}>
      <RobotOutlined />
      <span>{t('assistant.title')}</span>
    </Space>
  );
  const tools = (
    <Space size={4}>
      <Tooltip title={view === 'history' ? t('assistant.back') : t('assistant.history')}>
        <Button
          type="text"
          icon={view === 'history' ? <ArrowLeftOutlined /> : <HistoryOutlined />}
          aria-label={view === 'history' ? t('assistant.back') : t('assistant.history')}
          onClick={() => setView(view === 'history' ? 'chat' : 'history')}
          data-testid="xiaok-history"
        />
      </Tooltip>
      <Tooltip title={t('assistant.newConversation')}>
        <Button
          type="text"
          icon={<PlusOutlined />}
          aria-label={t('assistant.newConversation')}
          onClick={() => {
            chat.startNew();
            setView('chat');
          }}
          data-testid="xiaok-new"
        />
      </Tooltip>
    </Space>
  );
  const composer = (
    <div className="xk-composer">
      <Input.TextArea
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={(e) => {
          if (e.shiftKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          ask(draft);
        }}
        placeholder={t('assistant.placeholder')}
        // A fixed height: antd's autoSize measures with an inline-styled textarea, which the CSP refuses.
        rows={2}
        maxLength={ASSISTANT_QUESTION_MAX}
        aria-label={t('assistant.placeholder')}
        data-testid="xiaok-input"
      />
      {chat.isBusy ? (
        <Button danger icon={<StopOutlined />} onClick={chat.stop} data-testid="xiaok-stop">
          {t('assistant.stop')}
        </Button>
      ) : (
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={() => ask(draft)}
          disabled={!draft.trim()}
          data-testid="xiaok-send"
        >
          {t('assistant.send')}
        </Button>
      )}
    </div>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={480}
      title={header}
      extra={tools}
      footer={view === 'chat' ? composer : null}
      className="xk-panel"
      data-testid="xiaok-panel"
    >
      {view === 'history' ? (
        <ConversationList
          current={chat.conversationId}
          onOpen={(id) => {
            void chat.open(id);
            setView('chat');
          }}
          onRemoved={(id) => {
            if (id === chat.conversationId) chat.startNew();
          }}
        />
      ) : (
        <div className="xk-messages" ref={list} data-testid="xiaok-messages">
          {chat.loadError && <Alert type="error" showIcon title={chat.loadError} />}
          {chat.hasOlder && (
            <div className="xk-older">
              <Button
                size="small"
                icon={<UpOutlined />}
                loading={chat.isLoadingOlder}
                onClick={loadEarlier}
                data-testid="xiaok-older"
              >
                {t('assistant.loadEarlier')}
              </Button>
            </div>
          )}
          {!chat.messages.length && !chat.loadError && (
            <div className="xk-empty" data-testid="xiaok-empty">
              <Typography.Title level={5}>{t('assistant.emptyTitle')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('assistant.emptyText')}</Typography.Paragraph>
              <div className="xk-examples">
                {EXAMPLES.map((k) => (
                  <Button
                    key={k}
                    size="small"
                    onClick={() => ask(t(`assistant.examples.${k}`))}
                    data-testid={`xiaok-example-${k}`}
                  >
                    {t(`assistant.examples.${k}`)}
                  </Button>
                ))}
              </div>
            </div>
          )}
          {chat.messages.map((m) => (
            <MessageBubble key={m.key} m={m} nav={nav} />
          ))}
          <div ref={bottom} />
          <ChatStatus messages={chat.messages} />
        </div>
      )}
    </Drawer>
  );
}
