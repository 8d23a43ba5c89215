import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Empty } from 'antd';
import { EChart, type ChartClick, type ChartOption } from '../../components/charts/EChart';

export type ChartCardProps = {
  title: string;
  option: ChartOption;
  isEmpty: boolean;
  onItemClick?: (item: ChartClick) => void;
  testId: string;
  extra?: ReactNode;
};

// One dashboard chart in a card: the chart, or "no data in this period" when there is nothing to draw.
export function ChartCard({ title, option, isEmpty, onItemClick, testId, extra }: ChartCardProps) {
  const { t } = useTranslation();
  return (
    <Card title={title} size="small" extra={extra} data-testid={`${testId}-card`} style={{ height: '100%' }}>
      {isEmpty ? (
        <Empty description={t('home.noData')} style={{ height: 280, paddingTop: 80 }} data-testid={`${testId}-empty`} />
      ) : (
        <EChart option={option} onItemClick={onItemClick} testId={testId} label={title} />
      )}
    </Card>
  );
}
