import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Result, Segmented, Skeleton, Space, Typography } from 'antd';
import { DASHBOARD_DAYS_MAX } from '@study-crm/shared';
import { useCanOpen } from '../../navigation/useScreen';
import { useSession } from '../../stores/session';
import { useDashboard, useMemberCount } from './api';
import { DashboardCharts } from './DashboardCharts';
import { KpiCards } from './KpiCards';
import { LIST_PATHS } from './links';

const PERIODS = [7, 14, DASHBOARD_DAYS_MAX] as const;

// /home/index: the dashboard of the past 30 days (spec section 9), each figure filtered by the member's permissions
// on the server and each card or chart item opening the filtered list behind it.
export default function HomePage() {
  const { t } = useTranslation();
  const profile = useSession((s) => s.profile);
  const canOpen = useCanOpen();
  const [days, setDays] = useState<number>(DASHBOARD_DAYS_MAX);
  const query = useDashboard(days);
  const members = useMemberCount(canOpen(LIST_PATHS.members));
  const d = query.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="home-welcome">
              {t('home.welcome', { name: profile?.displayName ?? '' })}
            </Typography.Title>
            <Typography.Text type="secondary" data-testid="home-period">
              {d ? t('home.period', { days: d.days, from: d.from, to: d.to }) : t('home.hint')}
            </Typography.Text>
          </div>
          <Segmented
            data-testid="home-days"
            value={days}
            onChange={(v) => setDays(Number(v))}
            options={PERIODS.map((n) => ({ value: n, label: t('home.days', { days: n }) }))}
          />
        </Space>
      </Card>
      {query.isError && !d ? (
        <Result
          status="warning"
          title={t('home.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('home.retry')}</Button>}
          data-testid="home-error"
        />
      ) : !d ? (
        <Card data-testid="home-loading">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <div data-testid="dashboard">
          <KpiCards d={d} members={members.data} canOpen={canOpen} />
          <DashboardCharts d={d} canOpen={canOpen} />
        </div>
      )}
    </Space>
  );
}
