import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Card, Statistic, Typography } from 'antd';

export type KpiCardProps = {
  title: string;
  value: string | number;
  detail?: ReactNode;
  to?: string;
  // Opens what is behind the figure when it is not a list address.
  onOpen?: () => void;
  testId: string;
};

// One key figure; with `to`, the card opens the filtered list behind it (with `onOpen`, what it opens).
export function KpiCard({ title, value, detail, to, onOpen, testId }: KpiCardProps) {
  const navigate = useNavigate();
  const open = to ? () => navigate(to) : onOpen;
  return (
    <Card
      size="small"
      hoverable={!!open}
      onClick={open}
      data-testid={testId}
      style={{ height: '100%', cursor: open ? 'pointer' : undefined }}
    >
      <Statistic title={title} value={value} />
      {detail && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {detail}
        </Typography.Text>
      )}
    </Card>
  );
}
