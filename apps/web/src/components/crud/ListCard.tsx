import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Permission } from '../Permission';
import { Panel } from '../Panel';

type Props = {
  title: ReactNode;
  // The add button in the card's corner, for members holding `perm`.
  add?: { perm: string; label: string; onClick: () => void; testId: string };
  testId?: string;
  children: ReactNode;
};

// The frame of a list screen: its title, and the add action where every list puts it.
export function ListCard({ title, add, testId, children }: Props) {
  return (
    <Panel
      title={title}
      testId={testId}
      extra={
        add ? (
          <Permission perm={add.perm}>
            <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick} data-testid={add.testId}>
              {add.label}
            </Button>
          </Permission>
        ) : null
      }
    >
      {children}
    </Panel>
  );
}
