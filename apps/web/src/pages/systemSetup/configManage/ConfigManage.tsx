import { useTranslation } from 'react-i18next';
import { Form, Input, Typography } from 'antd';
import {
  DICT_TYPES,
  RETENTION_KEYS,
  isRetentionValue,
  retentionSetting,
  type RecordStatus,
  type RetentionKind,
  type SysConfig,
} from '@study-crm/shared';
import { DictBadge, DictSelect } from '../../../components/dict';
import { FormModal } from '../../../components/crud/FormModal';
import { KeyField, StatusField } from '../../../components/crud/FormFields';
import { CrudList } from '../../../components/crud/CrudList';
import { setupScreen } from '../setupScreen';
import { useCrudList } from '../../../components/crud/useCrudList';
import { configCrud } from './api';
import { formatTime } from '../../../lib/format';
import type { DataColumn } from '../../../components/crud/DataTable';

type Filters = { keyword?: string; platform?: string | null; status?: RecordStatus | null };
type FormValues = Omit<SysConfig, 'id' | 'createdAt' | 'updatedAt'>;

// The retention settings (issue 41) by key: their label in the reader's language.
const RETENTION_KIND = new Map(
  (Object.entries(RETENTION_KEYS) as [RetentionKind, { key: string }][]).map(([kind, s]) => [s.key, kind]),
);

export default function ConfigManage() {
  const { t } = useTranslation();
  const retentionLabel = (key: string) => {
    const kind = RETENTION_KIND.get(key.trim());
    return kind ? t(`systemSetup.config.retention.${kind}`) : null;
  };
  // A retention key's values must be whole numbers in range (the server checks again).
  const valueRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, value: string | null | undefined) => {
      const setting = retentionSetting(String(getFieldValue('key') ?? ''));
      if (setting && !isRetentionValue(setting, value)) {
        throw new Error(t('systemSetup.config.retentionValue', { max: setting.max }));
      }
    },
  });
  const crud = setupScreen<SysConfig, FormValues, Filters>(t, 'config', useCrudList<SysConfig, Filters>(configCrud), {
    newValues: { platform: 'WEB' },
    name: (row) => row.key,
  });

  const columns: DataColumn<SysConfig>[] = [
    {
      title: t('systemSetup.config.key'),
      dataIndex: 'key',
      render: (v: string) => {
        const label = retentionLabel(v);
        return (
          <>
            <Typography.Text code>{v}</Typography.Text>
            {label && (
              <div>
                <Typography.Text type="secondary">{label}</Typography.Text>
              </div>
            )}
          </>
        );
      },
    },
    {
      title: t('systemSetup.config.platform'),
      dataIndex: 'platform',
      width: 130,
      render: (v: string) => <DictBadge type={DICT_TYPES.platform} value={v} />,
    },
    { title: t('systemSetup.config.prodValue'), dataIndex: 'prodValue', ellipsis: true },
    { title: t('systemSetup.config.testValue'), dataIndex: 'testValue', ellipsis: true },
    // A narrow box hides the remarks (the edit form shows them).
    { title: t('systemSetup.config.remarks'), dataIndex: 'remarks', ellipsis: true, priority: 1 },
    crud.statusColumn,
    {
      title: t('crud.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: formatTime,
    },
    crud.actionsColumn,
  ];

  return (
    <CrudList
      {...crud.crudList}
      toolbar={{ keywordWidth: 240 }}
      filters={(filter) => filter.dict('platform', DICT_TYPES.platform, t('systemSetup.config.allPlatforms'))}
      table={{ ...crud.table, columns }}
    >
      <FormModal<FormValues> {...crud.modal}>
        <KeyField name="key" label={t('systemSetup.config.key')} max={100} />
        <Form.Item
          name="platform"
          label={t('systemSetup.config.platform')}
          rules={[
            {
              required: true,
              message: t('crud.requiredSelect', { field: t('systemSetup.config.platform') }),
            },
          ]}
        >
          <DictSelect type={DICT_TYPES.platform} />
        </Form.Item>
        <Form.Item noStyle dependencies={['key']}>
          {({ getFieldValue }) => {
            const setting = retentionSetting(String(getFieldValue('key') ?? ''));
            const hint = setting && (
              <>
                {retentionLabel(String(getFieldValue('key')))}
                {' · '}
                {t('systemSetup.config.retentionHint', { max: setting.max, default: setting.default })}
              </>
            );
            return (
              <>
                <Form.Item
                  name="prodValue"
                  label={t('systemSetup.config.prodValue')}
                  rules={[{ max: 4000 }, valueRule]}
                  extra={hint}
                >
                  <Input.TextArea rows={3} />
                </Form.Item>
                <Form.Item
                  name="testValue"
                  label={t('systemSetup.config.testValue')}
                  rules={[{ max: 4000 }, valueRule]}
                  extra={hint}
                >
                  <Input.TextArea rows={3} />
                </Form.Item>
              </>
            );
          }}
        </Form.Item>
        <Form.Item name="remarks" label={t('systemSetup.config.remarks')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <StatusField />
      </FormModal>
    </CrudList>
  );
}
