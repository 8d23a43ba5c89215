import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MoonOutlined,
  SettingOutlined,
  SunOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { LOCALES, type Locale } from '@study-crm/shared';
import { changeLocale, currentLocale } from '../../i18n';
import { useSettings } from '../../stores/settings';
import { MessageBox } from './MessageBox';
import { LOCALE_NAMES } from './localeNames';
import { NavMenu } from './SideMenu';
import { useFullScreen } from './useFullScreen';
import { UserMenu } from './UserMenu';

export function Navbar({ onSettings }: { onSettings: () => void }) {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const topMenu = useSettings((s) => s.topMenu);
  const showMenu = useSettings((s) => s.menu);
  const collapsed = useSettings((s) => s.menuCollapse);
  const update = useSettings((s) => s.update);
  const full = useFullScreen();
  const locale = currentLocale();

  return (
    <div className="navbar" data-testid="navbar">
      <div className="navbar-left">
        <div className="navbar-logo">SC</div>
        <span className="navbar-title">{t('common.appName')}</span>
        {showMenu && !topMenu && (
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => update({ menuCollapse: !collapsed })}
            aria-label={collapsed ? t('frame.expand') : t('frame.collapse')}
            data-testid="menu-collapse"
          />
        )}
      </div>
      {topMenu && <NavMenu mode="horizontal" />}
      <Space className="navbar-right" size={4}>
        <MessageBox />
        <Dropdown
          trigger={['click']}
          menu={{
            selectedKeys: [locale],
            items: LOCALES.map((l) => ({ key: l, label: LOCALE_NAMES[l] })),
            onClick: ({ key }) => key !== locale && changeLocale(key as Locale),
          }}
        >
          <Button
            type="text"
            shape="circle"
            icon={<TranslationOutlined />}
            aria-label={t('frame.language')}
            data-testid="navbar-language"
          />
        </Dropdown>
        <Tooltip title={theme === 'dark' ? t('frame.toLight') : t('frame.toDark')}>
          <Button
            type="text"
            shape="circle"
            icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
            onClick={() => update({ theme: theme === 'dark' ? 'light' : 'dark' })}
            aria-label={theme === 'dark' ? t('frame.toLight') : t('frame.toDark')}
            data-testid="navbar-theme"
          />
        </Tooltip>
        <Tooltip title={full.active ? t('frame.exitFullScreen') : t('frame.enterFullScreen')}>
          <Button
            type="text"
            shape="circle"
            icon={full.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={full.toggle}
            aria-label={full.active ? t('frame.exitFullScreen') : t('frame.enterFullScreen')}
          />
        </Tooltip>
        <Tooltip title={t('frame.settings.open')}>
          <Button
            type="text"
            shape="circle"
            icon={<SettingOutlined />}
            onClick={onSettings}
            aria-label={t('frame.settings.open')}
            data-testid="navbar-settings"
          />
        </Tooltip>
        <UserMenu />
      </Space>
    </div>
  );
}
