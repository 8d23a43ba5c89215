import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { projectApi } from '@study-crm/shared';
import { useMemberSearch } from '../../components/form/useMemberSearch';
import { PersonOptionLabel } from '../../components/people/PersonOptionLabel';

// `id`: the one a form item gives its input, so the item's label names the picker (issue 42).
type Props = { id?: string; value?: number | null; onChange?: (v: number | null) => void; testId?: string };

// Staff picker: staff members found by parts of any name they are shown by, the login name, e-mail or mobile
// (searched on the server once typing pauses); each option says why it was found, an e-mail or mobile masked by the
// server but for what was typed.
export function StaffSelect({ id, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const { search, found } = useMemberSearch('projectStaff', projectApi.staffOptions);
  return (
    <Select<number>
      {...search.selectProps}
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('project.f.staffSearch')}
      loading={found.isFetching}
      options={(found.data ?? []).map((m) => ({ value: m.id, label: m.name, matched: m.matched }))}
      optionRender={(o) => (
        <PersonOptionLabel name={String(o.data.label)} matched={o.data.matched} term={search.term} />
      )}
      data-testid={testId}
    />
  );
}
