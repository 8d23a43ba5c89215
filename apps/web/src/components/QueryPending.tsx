import { Alert, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

type Query = { isError: boolean; refetch: () => unknown };

// What a screen shows until its data is there: the failed load with a retry, or a skeleton in a card.
// `if (q.isError || !q.data) return <QueryPending query={q} failed={t('…')} />;`
export function QueryPending({ query, failed }: { query: Query; failed: string }) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <Alert
        type="error"
        title={failed}
        action={<Button onClick={() => void query.refetch()}>{t('crud.retry')}</Button>}
      />
    );
  return (
    <Card>
      <Skeleton active />
    </Card>
  );
}
