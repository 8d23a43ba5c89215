import type { ReactNode } from 'react';
import { theme } from 'antd';

type Props = {
  title: ReactNode;
  // Actions at the right of the title (the add button).
  extra?: ReactNode;
  testId?: string;
  children: ReactNode;
};

// The frame of a list screen, drawn as antd's Card draws one (its background, border, corner, a 56 px title row
// and 24 px of padding, from the theme's tokens) without Card itself: Card brings antd's Tabs and Skeleton (about
// 17 KiB gzipped) into the first screen for features lists do not use. The title carries `panel-title`.
export function Panel({ title, extra, testId, children }: Props) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      data-testid={testId}
      style={{
        background: token.colorBgContainer,
        border: line,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
      }}
    >
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: token.marginXS,
          minHeight: 56,
          padding: `0 ${token.paddingLG}px`,
          borderBottom: line,
          color: token.colorTextHeading,
          fontWeight: token.fontWeightStrong,
          fontSize: token.fontSizeLG,
        }}
      >
        <div
          className="panel-title"
          style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {title}
        </div>
        {extra ? (
          <div style={{ marginInlineStart: 'auto', fontWeight: 'normal', fontSize: token.fontSize }}>{extra}</div>
        ) : null}
      </header>
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
