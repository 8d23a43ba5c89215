import { Drawer, type DrawerProps } from 'antd';

// What a list gives the drawer of one of its rows: the chosen record's id (null: none, closed) and how to close it.
export type RecordDrawerProps = { id: number | null; onClose: () => void };

type Props = Omit<DrawerProps, 'id' | 'open' | 'onClose'> & RecordDrawerProps & { testId: string; wide?: boolean };

// The drawer of one record opened from a list row: open while a record is chosen; 720 px wide, 880 with `wide`
// (room for a table of recipients), or the `size` given.
export function RecordDrawer({ id, testId, wide, ...drawer }: Props) {
  return <Drawer open={id !== null} size={wide ? 880 : 720} data-testid={testId} {...drawer} />;
}
