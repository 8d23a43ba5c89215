import { Alert, type AlertProps } from 'antd';

// A notice above the content it is about (a hint, a warning, a refusal): an alert with its icon, 16 px above
// what follows.
export function Banner(props: Omit<AlertProps, 'showIcon' | 'style'>) {
  return <Alert showIcon style={{ marginBottom: 16 }} {...props} />;
}
