import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RECORD_STATUSES, type RecordStatus } from '@study-crm/shared';
import { enumOptions } from './options';

type Props = {
  value?: RecordStatus | null;
  onChange?: (v: RecordStatus | null) => void;
  placeholder?: string;
  // Given by a form item's label (antd's Form.Item sets the id its <label> names); a filter is named by its text.
  id?: string;
  'aria-label'?: string;
};

export function StatusSelect({ value, onChange, placeholder, id, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation();
  return (
    <Select<RecordStatus>
      allowClear
      style={{ width: 140 }}
      value={value ?? undefined}
      placeholder={placeholder ?? t('crud.allStatus')}
      id={id}
      aria-label={ariaLabel}
      onChange={(v) => onChange?.(v ?? null)}
      options={enumOptions(RECORD_STATUSES, (s) => t(`crud.${s}`))}
    />
  );
}
