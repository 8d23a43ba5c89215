import type { ComponentType } from 'react';
import {
  AccountBookOutlined,
  AppstoreOutlined,
  HistoryOutlined,
  HomeOutlined,
  MailOutlined,
  MessageOutlined,
  ProjectOutlined,
  SafetyOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

// Menu icons by the name the server menu stores (kebab-case antd names); unknown names get a default.
const ICONS: Record<string, ComponentType> = {
  'account-book': AccountBookOutlined,
  appstore: AppstoreOutlined,
  history: HistoryOutlined,
  home: HomeOutlined,
  mail: MailOutlined,
  message: MessageOutlined,
  project: ProjectOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  solution: SolutionOutlined,
  team: TeamOutlined,
  user: UserOutlined,
};

export function MenuIcon({ name }: { name: string | null }) {
  if (!name) return null;
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
