import { useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Tooltip, theme } from 'antd';
import './DataTable.css';

type TextProps = {
  children: ReactNode;
  // The whole text in a tooltip when it is cut.
  tip?: boolean;
  // Smaller and greyer: the second line of a cell.
  secondary?: boolean;
  // Makes it a link that opens the row.
  onOpen?: () => void;
  maxWidth?: number;
  testId?: string;
};

// One line of a table cell, cut with "…" (and its whole text in a tooltip, only when cut); a link when it opens
// something. What antd's Typography does for cells, without its editing and copying machinery on the first screen.
export function CellText({ children, tip, secondary, onOpen, maxWidth, testId }: TextProps) {
  const { token } = theme.useToken();
  // The tooltip is mounted only while the pointer is on a cut text: a list draws many cells and shows one tip.
  const [tipShown, setTipShown] = useState(false);
  const style: CSSProperties = {
    maxWidth,
    ...(secondary && { color: token.colorTextSecondary, fontSize: token.fontSizeSM }),
    ...(onOpen && ({ '--cell-link': token.colorLink, '--cell-link-hover': token.colorLinkHover } as CSSProperties)),
  };
  const hover = {
    onMouseEnter: (e: MouseEvent<HTMLElement>) => {
      const shown = Boolean(tip) && e.currentTarget.scrollWidth > e.currentTarget.clientWidth;
      setTipShown(shown);
      if (!shown) return;
      // Shown, the text is drawn again inside the tooltip: a new element, which the pointer already on it never
      // "entered", so its mouseleave came only if the browser had re-read what lay under the pointer before it left
      // (a quick move away left the tip open, seen in CI). The tip also goes when the pointer comes over anything
      // outside the text's parent, which both elements share.
      const parent = e.currentTarget.parentElement;
      const away = (moved: Event) => {
        if (parent?.contains(moved.target as Node)) return;
        setTipShown(false);
        document.removeEventListener('mouseover', away, true);
      };
      document.addEventListener('mouseover', away, true);
    },
    onMouseLeave: () => setTipShown(false),
  };
  const text = onOpen ? (
    <a
      className="cell-text cell-link"
      role="button"
      tabIndex={0}
      style={style}
      data-testid={testId}
      {...hover}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen();
      }}
    >
      {children}
    </a>
  ) : (
    <span className="cell-text" style={style} data-testid={testId} {...hover}>
      {children}
    </span>
  );
  return tipShown ? (
    <Tooltip title={children} open>
      {text}
    </Tooltip>
  ) : (
    text
  );
}

type ProgressProps = {
  // 0 to 100.
  percent: number;
  text: ReactNode;
  // Its accessible name (the column's title): a progress bar without one is not announced for what it measures.
  label: string;
  testId?: string;
};

// A thin progress bar with its figure beside it, drawn as antd's small line Progress (green when complete).
export function ProgressCell({ percent, text, label, testId }: ProgressProps) {
  const { token } = theme.useToken();
  const done = percent >= 100;
  const width = Math.max(0, Math.min(100, percent));
  return (
    <div
      className="cell-progress"
      role="progressbar"
      aria-label={label}
      aria-valuetext={typeof text === 'string' ? text : undefined}
      aria-valuenow={width}
      aria-valuemin={0}
      aria-valuemax={100}
      data-testid={testId}
    >
      <div className="cell-progress-trail" style={{ background: token.colorFillSecondary }}>
        <div
          className="cell-progress-bar"
          style={{ width: `${width}%`, background: done ? token.colorSuccess : token.colorPrimary }}
        />
      </div>
      <span style={{ color: token.colorText, fontSize: token.fontSizeSM }}>{text}</span>
    </div>
  );
}
