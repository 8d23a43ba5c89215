import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Permission } from '../Permission';
import { Panel } from '../Panel';

type Props = {
  title: ReactNode;
  // The add button in the card's corner, for members holding `perm`; its test id is <ids>-add unless given.
  add?: { perm: string; label: string; onClick: () => void; testId?: string };
  // The test ids <ids>-manage (the card) and <ids>-add (its add button), as CrudList names them.
  ids?: string;
  children: ReactNode;
};

// The frame of a list screen: its title, and the add action where every list puts it.
export function ListCard({ title, add, ids, children }: Props) {
  return (
    <Panel
      title={title}
      testId={ids && `${ids}-manage`}
      extra={
        add ? (
          <Permission perm={add.perm}>
            <Button
              type="primary"
              className="list-add"
              icon={<PlusOutlined />}
              onClick={add.onClick}
              data-testid={add.testId ?? (ids && `${ids}-add`)}
            >
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
