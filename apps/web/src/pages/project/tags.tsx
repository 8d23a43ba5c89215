import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectRole, ProjectStatus } from '@study-crm/shared';

const STATUS_COLOR: Record<ProjectStatus, string> = {
  planning: 'blue',
  active: 'green',
  paused: 'orange',
  closed: 'default',
};
const ROLE_COLOR: Record<ProjectRole, string> = { manager: 'gold', member: 'cyan', observer: 'default' };

export function StatusTag({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`project.status.${status}`)}</Tag>;
}

export function RoleTag({ role }: { role: ProjectRole }) {
  const { t } = useTranslation();
  return <Tag color={ROLE_COLOR[role]}>{t(`project.role.${role}`)}</Tag>;
}
