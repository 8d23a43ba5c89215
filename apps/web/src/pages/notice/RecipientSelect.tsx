import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { ALL_MEMBERS, noticeApi } from '@study-crm/shared';
import { useMemberSearch } from '../../components/form/useMemberSearch';

type Props = {
  value?: number | null;
  onChange?: (v: number | null) => void;
  // The name of the member already chosen (an edited notice), shown before any search.
  knownName?: string | null;
  allowClear?: boolean;
  // Shown, not changed (a member who may not search recipients).
  disabled?: boolean;
  placeholder?: string;
  width?: number;
  testId?: string;
  // In a form, the id its label names (antd's Form.Item gives it); as a list filter, a name of its own.
  id?: string;
  'aria-label'?: string;
};

// Recipient picker: "All members" (0) first, then members found by name, e-mail or mobile (searched on the server).
export function RecipientSelect({
  value,
  onChange,
  knownName,
  allowClear,
  disabled,
  placeholder,
  width,
  testId,
  id,
  'aria-label': ariaLabel,
}: Props) {
  const { t } = useTranslation();
  const { search, found } = useMemberSearch('noticeRecipients', noticeApi.recipients);
  const options = [
    { value: ALL_MEMBERS, label: t('notice.allMembers') },
    ...(found.data ?? []).map((m) => ({
      value: m.id,
      label: [m.name, m.email, m.mobile].filter(Boolean).join(' · '),
    })),
  ];
  if (value && knownName && !options.some((o) => o.value === value)) options.push({ value, label: knownName });
  return (
    <Select<number>
      {...search.selectProps}
      allowClear={allowClear}
      disabled={disabled}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder ?? t('notice.f.recipientSearch')}
      loading={found.isFetching}
      options={options}
      style={width ? { width } : undefined}
      id={id}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}
