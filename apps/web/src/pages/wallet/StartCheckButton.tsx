import type { ReactNode } from 'react';
import { Button } from 'antd';
import { useWalletMutations } from './api';

// Asks the server for the backup check (the positions of three words), then `onStarted`; a refusal is already
// toasted by the client.
export function StartCheckButton(props: {
  testId: string;
  disabled?: boolean;
  onStarted?: () => void;
  children: ReactNode;
}) {
  const { challenge } = useWalletMutations();
  const start = async () => {
    await challenge.mutateAsync();
    props.onStarted?.();
  };
  return (
    <Button
      type="primary"
      disabled={props.disabled}
      loading={challenge.isPending}
      onClick={() => void start().catch(() => undefined)}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
