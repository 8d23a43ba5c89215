import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Card, Statistic, Typography } from 'antd';

// One key figure; with `to`, the card opens the filtered list behind it.
export function KpiCard({
  title,
  value,
  detail,
  to,
  testId,
}: {
  title: string;
  value: string | number;
  detail?: ReactNode;
  to?: string;
  testId: string;
}) {
  const navigate = useNavigate();
  return (
    <Card
      size="small"
      hoverable={!!to}
      onClick={to ? () => navigate(to) : undefined}
      data-testid={testId}
      style={{ height: '100%', cursor: to ? 'pointer' : undefined }}
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
