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
import { changeLocale, currentLocale, LOCALE_NAMES } from '../../i18n';
import { useSettings } from '../../stores/settings';
import { useBrand } from '../useBrand';
import { useAuthImage } from '../../components/useAuthImage';
import { AssistantButton } from './AssistantButton';
import { SearchButton } from './SearchButton';
import { MessageBox } from './MessageBox';
import { NavMenu } from './SideMenu';
import { useFullScreen } from './useFullScreen';
import { UserMenu } from './UserMenu';
import { IconButton } from '../../components/IconButton';

export function Navbar({ onSettings }: { onSettings: () => void }) {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const topMenu = useSettings((s) => s.topMenu);
  const showMenu = useSettings((s) => s.menu);
  const collapsed = useSettings((s) => s.menuCollapse);
  const update = useSettings((s) => s.update);
  const full = useFullScreen();
  const locale = currentLocale();
  const brand = useBrand();
  const logo = useAuthImage(brand.logo);

  return (
    <div className="navbar" data-testid="navbar">
      <div className="navbar-left">
        {logo ? (
          <img className="navbar-logo-img" src={logo} alt="" data-testid="navbar-logo" />
        ) : (
          <div className="navbar-logo">SC</div>
        )}
        <span className="navbar-title" data-testid="navbar-title">
          {brand.name}
        </span>
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
        <SearchButton />
        <AssistantButton />
        <MessageBox />
        <Dropdown
          trigger={['click']}
          menu={{
            selectedKeys: [locale],
            // Each name in its own language (WCAG 3.1.2).
            items: LOCALES.map((l) => ({ key: l, label: <span lang={l}>{LOCALE_NAMES[l]}</span> })),
            onClick: ({ key }) => key !== locale && changeLocale(key as Locale),
          }}
        >
          <IconButton icon={<TranslationOutlined />} label={t('frame.language')} testId="navbar-language" />
        </Dropdown>
        <Tooltip title={theme === 'dark' ? t('frame.toLight') : t('frame.toDark')}>
          <IconButton
            icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
            onClick={() => update({ theme: theme === 'dark' ? 'light' : 'dark' })}
            label={theme === 'dark' ? t('frame.toLight') : t('frame.toDark')}
            testId="navbar-theme"
          />
        </Tooltip>
        <Tooltip title={full.active ? t('frame.exitFullScreen') : t('frame.enterFullScreen')}>
          <IconButton
            icon={full.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={full.toggle}
            label={full.active ? t('frame.exitFullScreen') : t('frame.enterFullScreen')}
          />
        </Tooltip>
        <Tooltip title={t('frame.settings.open')}>
          <IconButton
            icon={<SettingOutlined />}
            onClick={onSettings}
            label={t('frame.settings.open')}
            testId="navbar-settings"
          />
        </Tooltip>
        <UserMenu />
      </Space>
    </div>
  );
}
