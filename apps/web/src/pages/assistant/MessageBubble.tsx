import { useTranslation } from 'react-i18next';
import { Alert, Avatar, Button, Space, Spin, Tag, Typography } from 'antd';
import { LinkOutlined, RobotOutlined } from '@ant-design/icons';
import { Markdown } from './markdown';
import type { UiMessage } from './useChat';

type Nav = { onNavigate: (path: string) => void; hrefOf: (path: string) => string };

// One message of the conversation: the member's question, or XiaoK's answer with its links and help cards.
export function MessageBubble({ m, nav }: { m: UiMessage; nav: Nav }) {
  const { t } = useTranslation();
  if (m.role === 'user') {
    return (
      <div className="xk-row xk-row-user" data-testid="xiaok-message" data-role="user">
        <div className="xk-bubble xk-bubble-user">{m.content}</div>
      </div>
    );
  }
  const isWriting = m.status === 'streaming';
  return (
    <div className="xk-row" data-testid="xiaok-message" data-role="assistant" data-status={m.status}>
      <Avatar size={28} className="xk-avatar" icon={<RobotOutlined />} />
      <div className="xk-bubble xk-bubble-answer">
        {m.isFallback && (
          <Typography.Text type="secondary" className="xk-note">
            {t('assistant.fallback')}
          </Typography.Text>
        )}
        {m.content ? (
          <Markdown text={m.content} onNavigate={nav.onNavigate} hrefOf={nav.hrefOf} />
        ) : isWriting ? (
          <Space size="small" className="xk-thinking">
            <Spin size="small" />
            <Typography.Text type="secondary">{t('assistant.thinking')}</Typography.Text>
          </Space>
        ) : null}
        {m.links.length > 0 && (
          <div className="xk-links" data-testid="xiaok-links">
            {m.links.map((l) => (
              <Button
                key={l.path}
                size="small"
                icon={<LinkOutlined />}
                href={nav.hrefOf(l.path)}
                onClick={(e) => {
                  e.preventDefault();
                  nav.onNavigate(l.path);
                }}
              >
                {l.label}
              </Button>
            ))}
          </div>
        )}
        {m.cards.length > 0 && (
          <div className="xk-cards" data-testid="xiaok-cards">
            <Typography.Text type="secondary" className="xk-note">
              {t('assistant.cards')}
            </Typography.Text>
            {m.cards.map((c) => (
              <div key={c.id} className="xk-card" data-testid="xiaok-card" data-card={c.id}>
                <div className="xk-card-head">
                  <Typography.Text strong>{c.title}</Typography.Text>
                  <Typography.Link
                    href={nav.hrefOf(c.path)}
                    onClick={(e) => {
                      e.preventDefault();
                      nav.onNavigate(c.path);
                    }}
                  >
                    {t('assistant.open')}
                  </Typography.Link>
                </div>
                {/* The card's first line says what the screen is; its screen has the rest. */}
                <Typography.Paragraph type="secondary" className="xk-card-line" ellipsis={{ rows: 2 }}>
                  {c.summary.split('\n')[0]}
                </Typography.Paragraph>
              </div>
            ))}
          </div>
        )}
        {m.status === 'error' && m.error && <Alert type="error" showIcon title={m.error} className="xk-error" />}
        {m.status === 'cancelled' && <Tag className="xk-tag">{t('assistant.stopped')}</Tag>}
        {m.status === 'pending' && <Tag className="xk-tag">{t('assistant.interrupted')}</Tag>}
      </div>
    </div>
  );
}
