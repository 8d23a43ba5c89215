import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { Member } from '@study-crm/shared';
import { roleLabel } from '../../lib/format';

export { formatTime } from '../../lib/format';

export const formatMobile = (m: Pick<Member, 'areaCode' | 'mobile'>) =>
  m.mobile ? `${m.areaCode ? `+${m.areaCode} ` : ''}${m.mobile}` : '-';

export const StatusTag = ({ status, t }: { status: Member['status']; t: TFunction }) => (
  <Tag color={status === 'active' ? 'green' : 'default'}>{t(`employee.status.${status}`)}</Tag>
);

export const IdentityTag = ({ value, t }: { value: Member['identityStatus']; t: TFunction }) => (
  <Tag color={value === 'verified' ? 'blue' : 'orange'}>{t(`employee.identityStatus.${value}`)}</Tag>
);

export function RoleTags({ roles }: { roles: Member['roles'] }) {
  const { i18n } = useTranslation();
  return (
    <>
      {roles.map((r) => (
        <Tag key={r.id} title={r.name}>
          {roleLabel(r, i18n.language)}
        </Tag>
      ))}
    </>
  );
}
