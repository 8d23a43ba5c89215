import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Card, Col, Empty, Input, Menu, Row, Space, Spin, Typography, theme } from 'antd';
import { Code, DICT_TYPE_MAX, PERM, type DictEntry, type RecordStatus } from '@study-crm/shared';
import { FormModal } from '../../../components/crud/FormModal';
import { EntryFields, KeyField } from '../../../components/crud/FormFields';
import { ListToolbar } from '../../../components/crud/ListToolbar';
import { ExportButton } from '../../../components/crud/ExportButton';
import { PagedTable } from '../../../components/crud/PagedTable';
import { entryColumns } from '../../../components/crud/columns';
import { crudScreen } from '../../../components/crud/crudScreen';
import { useCrudList } from '../../../components/crud/useCrudList';
import type { ListParams } from '../../../components/crud/useListState';
import { screenStrings } from '../screenStrings';
import { ImportButton } from '../../../components/import/ImportButton';
import { DICT_ADMIN_ROOT, useDictAdd, useDictEntries, useDictRemove, useDictTypes, useDictUpdate } from './api';
import type { DataColumn } from '../../../components/crud/DataTable';

type FormValues = Omit<DictEntry, 'id' | 'createdAt' | 'updatedAt'>;
type Filters = { keyword?: string; status?: RecordStatus | null };

export default function DictManage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [typeSearch, setTypeSearch] = useState('');
  const [type, setType] = useState<string | null>(null);
  const types = useDictTypes(typeSearch);
  const rows = useCrudList<DictEntry, Filters>({
    queryRoot: DICT_ADMIN_ROOT,
    useList: (params: ListParams<Filters>) => useDictEntries({ type: type ?? '', ...params }, type !== null),
    useAdd: useDictAdd,
    useUpdate: useDictUpdate,
    useRemove: useDictRemove,
  });
  const crud = crudScreen<DictEntry, FormValues, Filters>(t, rows, {
    ...screenStrings(t, 'dict'),
    perms: { add: PERM.dictAdd, update: PERM.dictUpdate, remove: PERM.dictRemove },
    existsCode: Code.DICT_EXISTS,
    newValues: { type: type ?? '', status: 'enabled', sort: 0 },
    name: (row) => row.label,
    statusTestId: (row) => `dict-status-${row.value}`,
  });
  const filters = rows.list;
  const entryLabels = {
    value: t('systemSetup.dict.value'),
    label: t('systemSetup.dict.label'),
    label2: t('systemSetup.dict.label2'),
  };

  // Select the first type once the list arrives.
  const firstType = types.data?.[0]?.type ?? null;
  useEffect(() => {
    if (type === null && firstType) setType(firstType);
  }, [type, firstType]);

  const pickType = (next: string) => {
    setType(next);
    filters.firstPage();
  };
  const columns: DataColumn<DictEntry>[] = [
    ...entryColumns<DictEntry>(t, entryLabels),
    crud.statusColumn,
    crud.actionsColumn,
  ];

  return (
    <Row gutter={16} data-testid="dict-manage">
      <Col xs={24} md={7} xl={6}>
        <Card title={t('systemSetup.dict.types')} size="small" styles={{ body: { padding: 8 } }}>
          <Input.Search
            allowClear
            placeholder={t('systemSetup.dict.typeSearch')}
            onSearch={setTypeSearch}
            style={{ marginBottom: 8 }}
          />
          <Spin spinning={types.isFetching}>
            {types.data?.length ? (
              <Menu
                mode="inline"
                selectedKeys={type ? [type] : []}
                onClick={({ key }) => pickType(key)}
                style={{ maxHeight: 'calc(100vh - 260px)', overflowY: 'auto', borderInlineEnd: 'none' }}
                items={types.data.map((item) => ({
                  key: item.type,
                  label: (
                    <span
                      data-testid={`dict-type-${item.type}`}
                      style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}
                    >
                      <Typography.Text
                        strong={item.type === type}
                        ellipsis={{ tooltip: item.type }}
                        style={{ maxWidth: 150 }}
                      >
                        {item.type}
                      </Typography.Text>
                      <Badge
                        count={t('systemSetup.dict.count', { enabled: item.enabledCount, count: item.count })}
                        // White on the primary colour or a dark grey: 4.5:1 or more in both themes (issue 42).
                        color={item.enabledCount ? token.colorPrimary : '#595959'}
                      />
                    </span>
                  ),
                }))}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.empty')} />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} md={17} xl={18}>
        <Card
          title={
            <Space>
              {t('systemSetup.dict.entries')}
              {type ? <Typography.Text code>{type}</Typography.Text> : null}
            </Space>
          }
          size="small"
        >
          <ListToolbar
            {...crud.toolbar}
            actions={
              <>
                <ImportButton kind="dict" perm={PERM.dictAdd} queryRoot={DICT_ADMIN_ROOT} />
                {type !== null && (
                  <ExportButton list="dict" params={{ ...filters.params, type }} testId="dict-export" />
                )}
              </>
            }
          />
          {type === null && !types.isFetching ? (
            <Empty description={t('systemSetup.dict.noType')} />
          ) : (
            <PagedTable<DictEntry> {...crud.table} columns={columns} strings="systemSetup.dict" testId="dict-table" />
          )}
        </Card>
      </Col>
      <FormModal<FormValues>
        {...crud.modal}
        onSubmit={async (values) => {
          await rows.save(values);
          if (values.type !== type) pickType(values.type);
        }}
      >
        <KeyField name="type" label={t('systemSetup.dict.type')} max={DICT_TYPE_MAX} />
        <EntryFields labels={entryLabels} />
      </FormModal>
    </Row>
  );
}
