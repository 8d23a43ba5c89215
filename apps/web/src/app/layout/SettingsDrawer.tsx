import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ColorPicker, Divider, Drawer, InputNumber, Segmented, Select, Switch } from 'antd';
import { LOCALES, type Locale } from '@study-crm/shared';
import { changeLocale, currentLocale, LOCALE_NAMES } from '../../i18n';
import { DEFAULT_SETTINGS, pickSettings, useSettings, type Settings } from '../../stores/settings';
import { useFullScreen } from './useFullScreen';
import { toast } from '../../lib/feedback';

type Flag = 'navbar' | 'menu' | 'topMenu' | 'tabBar' | 'footer' | 'menuFromServer' | 'colorWeak' | 'keepErrors';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

// Spec section 2: every interface setting, persisted; "copy settings as JSON" puts them on the clipboard.
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = useSettings((s) => s.update);
  const full = useFullScreen();

  const flag = (key: Flag) => (
    <Row label={t(`frame.settings.${key}`)}>
      <Switch
        size="small"
        checked={settings[key]}
        onChange={(v) => update({ [key]: v } as Partial<Settings>)}
        data-testid={`setting-${key}`}
      />
    </Row>
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(pickSettings(settings), null, 2));
      toast.success(t('frame.settings.copied'));
    } catch {
      toast.error(t('frame.settings.copyFailed'));
    }
  };

  return (
    <Drawer title={t('frame.settings.title')} open={open} onClose={onClose} size={320} data-testid="settings-drawer">
      <Divider titlePlacement="start">{t('frame.settings.appearance')}</Divider>
      <Row label={t('frame.settings.theme')}>
        <Segmented
          size="small"
          value={settings.theme}
          onChange={(v) => update({ theme: v as Settings['theme'] })}
          options={[
            { label: t('frame.settings.dark'), value: 'dark' },
            { label: t('frame.settings.light'), value: 'light' },
          ]}
          data-testid="setting-theme"
        />
      </Row>
      <Row label={t('frame.settings.themeColor')}>
        <ColorPicker
          size="small"
          value={settings.themeColor}
          disabledAlpha
          onChangeComplete={(c) => update({ themeColor: c.toHexString() })}
        />
      </Row>
      <Divider titlePlacement="start">{t('frame.settings.layout')}</Divider>
      {flag('navbar')}
      {flag('menu')}
      {flag('topMenu')}
      {flag('tabBar')}
      {flag('footer')}
      <Row label={t('frame.settings.menuWidth')}>
        <InputNumber
          size="small"
          min={160}
          max={400}
          step={10}
          value={settings.menuWidth}
          onChange={(v) => update({ menuWidth: typeof v === 'number' ? v : DEFAULT_SETTINGS.menuWidth })}
          data-testid="setting-menuWidth"
        />
      </Row>
      <Divider titlePlacement="start">{t('frame.settings.other')}</Divider>
      {flag('menuFromServer')}
      {flag('colorWeak')}
      {flag('keepErrors')}
      <Row label={t('frame.settings.fullScreen')}>
        <Switch size="small" checked={full.active} onChange={full.toggle} />
      </Row>
      <Row label={t('frame.settings.language')}>
        <Select
          size="small"
          style={{ width: 120 }}
          value={currentLocale()}
          onChange={(v: Locale) => changeLocale(v)}
          // Each name in its own language (WCAG 3.1.2).
          options={LOCALES.map((l) => ({ value: l, label: <span lang={l}>{LOCALE_NAMES[l]}</span> }))}
          data-testid="setting-language"
        />
      </Row>
      <Divider />
      <Button block type="primary" onClick={() => void copy()} data-testid="settings-copy">
        {t('frame.settings.copy')}
      </Button>
      <Button block style={{ marginTop: 8 }} onClick={() => update(DEFAULT_SETTINGS)}>
        {t('frame.settings.reset')}
      </Button>
    </Drawer>
  );
}
