import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { useSearchTerm } from '../../components/form/useSearchTerm';
import { useStaffOptions } from './api';

type Props = { value?: number | null; onChange?: (v: number | null) => void; testId?: string };

// Staff picker: staff members found by part of a name, e-mail or mobile (searched on the server once typing pauses).
export function StaffSelect({ value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const search = useSearchTerm();
  const found = useStaffOptions(search.term, search.opened);
  return (
    <Select<number>
      {...search.selectProps}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('project.f.staffSearch')}
      loading={found.isFetching}
      options={(found.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
      data-testid={testId}
    />
  );
}
