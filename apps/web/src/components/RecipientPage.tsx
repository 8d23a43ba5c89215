import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { DataTable, type DataColumn } from './crud/DataTable';
import { TablePager } from './crud/TablePager';
import { enumOptions } from './crud/options';

// One page of a message's recipients as the server answers it (an e-mail's, a notice copy's, an SMS batch's), with
// the status filter above it: a status chosen starts again at page 1 (the caller's `onStatus`).
export function RecipientPage<R extends { recipient: string }, S extends string>(props: {
  statuses: readonly S[];
  statusName: (s: S) => string;
  statusLabel: string;
  status: S | null;
  onStatus: (s: S | null) => void;
  columns: DataColumn<R>[];
  result: { data?: { list: R[]; total: number }; isFetching: boolean };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  // The table's test id; the filter's is `${testId}-status`.
  testId: string;
}) {
  const { t } = useTranslation();
  const { result } = props;
  return (
    <>
      <Select
        allowClear
        style={{ width: 160 }}
        placeholder={t('crud.allStatus')}
        aria-label={props.statusLabel}
        value={props.status ?? undefined}
        onChange={(v?: S) => props.onStatus(v ?? null)}
        options={enumOptions(props.statuses, props.statusName)}
        data-testid={`${props.testId}-status`}
      />
      <div>
        <DataTable<R>
          size="small"
          rowKey="recipient"
          columns={props.columns}
          loading={result.isFetching && !result.data}
          rows={result.data?.list ?? []}
          empty={t('crud.empty')}
          testId={props.testId}
        />
        <TablePager
          current={props.page}
          pageSize={props.pageSize}
          total={result.data?.total ?? 0}
          onChange={props.onPage}
        />
      </div>
    </>
  );
}
