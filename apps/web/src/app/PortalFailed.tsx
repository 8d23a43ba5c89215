import { useTranslation } from 'react-i18next';

// The portal (or the login page) could not be drawn at all: its code did not arrive or its frame threw. Plain
// markup, since antd may be the part that is missing; a reload is the way out.
export function PortalFailed() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="portal-failed" data-testid="portal-failed">
      <h1>{t('common.portalFailed')}</h1>
      <p>{t('common.screenNotLoaded')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('common.reloadPage')}
      </button>
    </div>
  );
}
