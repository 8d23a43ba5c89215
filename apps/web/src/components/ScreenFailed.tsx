import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './ErrorBoundary';
import { forgetFailedLoads } from './lazyPart';

// A screen (or a panel) that could not be drawn: what happened, try again (the code that did not arrive is asked for
// again), or reload the page.
export function ScreenFailed({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="screen-failed"
      title={t('common.screenFailed')}
      description={t(isChunkLoadError(error) ? 'common.screenNotLoaded' : 'common.screenCrashed')}
      action={
        <Space>
          <Button
            size="small"
            type="primary"
            onClick={() => {
              forgetFailedLoads();
              retry();
            }}
            data-testid="screen-retry"
          >
            {t('common.tryAgain')}
          </Button>
          <Button size="small" onClick={() => window.location.reload()}>
            {t('common.reloadPage')}
          </Button>
        </Space>
      }
    />
  );
}
