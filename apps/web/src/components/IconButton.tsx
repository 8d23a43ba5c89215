import { Button, type ButtonProps } from 'antd';

type Props = Omit<ButtonProps, 'type' | 'shape'> & { label: string; testId?: string };

// A round text button showing only an icon, named for screen readers by `label` (the shell's toolbar buttons).
export function IconButton({ label, testId, ...rest }: Props) {
  return <Button type="text" shape="circle" aria-label={label} data-testid={testId} {...rest} />;
}
