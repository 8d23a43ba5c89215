import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Avatar, Dropdown, Space, Tag, type MenuProps } from 'antd';
import { useAuthImage } from '../../components/useAuthImage';
import { DashboardOutlined, KeyOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import type { RoleRef } from '@study-crm/shared';
import { useSession } from '../../stores/session';
import { queryClient } from '../queryClient';
import { LOGIN_PATH } from '../../paths';
import { roleLabel } from '../../lib/format';
import { useConfirm } from '../../components/form/useConfirm';
import { toast } from '../../lib/feedback';
import { screenPath } from '../../components/crud/urlState';
import { leaveClosedScreens } from './tabActions';
import { useTitle } from './useResolution';

// User dropdown: profile, change password, role switching (several roles), logout with confirmation.
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const location = useLocation();
  const title = useTitle();
  const profile = useSession((s) => s.profile);
  const activeRole = useSession((s) => s.activeRole);
  const switchRole = useSession((s) => s.switchRole);
  const logout = useSession((s) => s.logout);
  const roles = profile?.roles ?? [];
  const avatar = useAuthImage(profile?.avatarImg);
  const active = roles.find((r) => r.name === activeRole);
  const roleName = (r: RoleRef) => roleLabel(r, i18n.language);

  // The role the session acts as; without a choice, the only role or "all my roles".
  const only = roles.length === 1 ? roles[0] : undefined;
  const tagText = active ? roleName(active) : only ? roleName(only) : roles.length ? t('frame.user.allRoles') : null;

  const askLogout = () =>
    confirm(t('common.logoutConfirm'), async () => {
      await logout();
      queryClient.clear();
      navigate(LOGIN_PATH, { replace: true });
    });

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('frame.user.profile') },
    { key: 'password', icon: <KeyOutlined />, label: t('frame.user.changePassword') },
    ...(roles.length > 1
      ? [
          {
            key: 'roles',
            icon: <SwapOutlined />,
            label: t('frame.user.switchRole'),
            children: [
              ...roles.map((r) => ({
                key: `role:${r.id}`,
                label: `${roleName(r)} (${r.name})`,
                disabled: r.name === activeRole,
              })),
              { key: 'role:all', label: t('frame.user.allRoles'), disabled: activeRole === null },
            ],
          },
        ]
      : []),
    { key: 'dashboard', icon: <DashboardOutlined />, label: t('frame.user.dashboard') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('frame.user.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'dashboard') navigate('/home/index');
    else if (key === 'profile') navigate('/user/profile');
    else if (key === 'password') navigate('/user/resetPwd');
    else if (key === 'logout') askLogout();
    else if (key.startsWith('role:')) {
      const id = key === 'role:all' ? null : Number(key.slice(5));
      const current = screenPath(location.pathname, location.search);
      // No 403 page: the tabs the role cannot open close, and the shown one gives way to one it can (issue 36.5).
      // Drawn at once, before the switch ends, so that their screens are gone before the cache is read again below:
      // a list still mounted would be read under the new role and refused.
      const leave = () => flushSync(() => leaveClosedScreens(current, navigate));
      void switchRole(id, leave).then((switched) => {
        if (!switched) return;
        const { closed, movedTo, from } = switched.left;
        // Everything cached was read under the previous role.
        void queryClient.invalidateQueries();
        const name = (tab: { title?: string; titleKey: string; fallbackTitle: string }) =>
          tab.title ?? title(tab.titleKey, tab.fallbackTitle);
        // Longer on screen than a "Saved": the member did not ask for the move.
        if (movedTo && from) toast.info(t('frame.user.roleMoved', { screen: name(from), target: name(movedTo) }), 6);
        // The other tabs that closed (the one moved from is named above).
        const others = closed.filter((tab) => tab !== from);
        if (others.length) {
          toast.info(t('frame.user.roleClosed', { names: others.map(name).join(t('common.listSeparator')) }), 6);
        }
        if (!(movedTo && from) && !others.length) toast.success(t('frame.user.roleSwitched'));
      });
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Space className="navbar-user" data-testid="user-menu">
        <Avatar size="small" src={avatar} icon={<UserOutlined />} data-testid="user-avatar" />
        <span data-testid="user-name" className="navbar-user-name">
          {profile?.displayName}
        </span>
        {tagText && (
          <Tag color="blue" title={t('frame.user.activeRole')} data-testid="active-role" style={{ marginInlineEnd: 0 }}>
            {tagText}
          </Tag>
        )}
      </Space>
    </Dropdown>
  );
}
