import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { privacyApi } from '@study-crm/shared';
import { useMemberSearch } from '../../components/form/useMemberSearch';

type Props = { value?: number | null; onChange?: (v: number | null) => void; id?: string };

// The person a request is about: members of any kind and status, found by name, e-mail or mobile on the server.
export function SubjectSelect({ value, onChange, id }: Props) {
  const { t } = useTranslation();
  const { search, found } = useMemberSearch('privacySubjects', privacyApi.subjects);
  const options = (found.data ?? []).map((m) => ({
    value: m.id,
    label: [m.name, m.email, m.mobile].filter(Boolean).join(' · '),
  }));
  return (
    <Select<number>
      {...search.selectProps}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('privacy.request.subjectSearch')}
      loading={found.isFetching}
      options={options}
      id={id}
      data-testid="request-subject"
    />
  );
}
