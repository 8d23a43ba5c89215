import { useTranslation } from 'react-i18next';
import { Space } from 'antd';

type Named = { name: string } | null | undefined;

// Signing and follow-up teacher of an application or a follow-up item, one per line.
export function TeachersCell({ signing, follow }: { signing: Named; follow: Named }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
      <span>
        {t('application.signingTeacher')}: {signing?.name ?? '-'}
      </span>
      <span>
        {t('application.followTeacher')}: {follow?.name ?? '-'}
      </span>
    </Space>
  );
}
