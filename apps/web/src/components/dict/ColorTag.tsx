import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { darkenForWhite } from '../../lib/contrast';
import { useSettings } from '../../stores/settings';
import { useScript } from './script';

// The badge of a dictionary entry, tag or label: white text on its colour (readable in both themes; a colour too
// light for white text, such as grey or orange, is drawn darker until it reaches 4.5:1, also as the colour-weak mode
// draws it when that mode is on), a neutral tag when it has none. A plain-text name shows in the script of the current
// language.
export function ColorTag({ color, children, testId }: { color?: string | null; children: ReactNode; testId?: string }) {
  const script = useScript();
  const colorWeak = useSettings((s) => s.colorWeak);
  const content = typeof children === 'string' ? script(children) : children;
  return color ? (
    <Tag color={darkenForWhite(color, 4.5, colorWeak)} variant="solid" data-testid={testId}>
      {content}
    </Tag>
  ) : (
    <Tag data-testid={testId}>{content}</Tag>
  );
}
