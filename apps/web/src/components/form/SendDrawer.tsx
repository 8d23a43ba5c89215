import type { ReactNode } from 'react';
import { Alert, Drawer, Space } from 'antd';
import { useFocusReturn } from '../useFocusReturn';

type Props = {
  // Test ids <name>-compose (the drawer) and <name>-error (a refused send).
  name: string;
  title: string;
  size: number;
  // The buttons at the top right, Send last.
  actions: ReactNode;
  // The server's refusal of the last send (useConfirmedSend's `error`), shown above the form.
  error: string | null;
  onClose: () => void;
  children: ReactNode;
};

// The drawer something is written and sent from (an e-mail, an SMS batch).
export function SendDrawer({ name, title, size, actions, error, onClose, children }: Props) {
  // Unmounted to close: the focus goes back to what opened it (WCAG 2.4.3).
  useFocusReturn();
  return (
    <Drawer
      open
      onClose={onClose}
      size={size}
      title={title}
      data-testid={`${name}-compose`}
      extra={<Space>{actions}</Space>}
    >
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid={`${name}-error`} />
      )}
      {children}
    </Drawer>
  );
}
