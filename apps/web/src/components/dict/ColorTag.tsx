import type { ReactNode } from 'react';
import { Tag } from 'antd';

// The badge of a dictionary entry, tag or label: white text on its colour (readable in both themes),
// a neutral tag when it has none.
export function ColorTag({ color, children, testId }: { color?: string | null; children: ReactNode; testId?: string }) {
  return color ? (
    <Tag color={color} variant="solid" data-testid={testId}>
      {children}
    </Tag>
  ) : (
    <Tag data-testid={testId}>{children}</Tag>
  );
}
