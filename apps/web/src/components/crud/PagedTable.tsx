import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page } from '@study-crm/shared';

type Props<T> = {
  columns: TableColumnsType<T>;
  data: Page<T> | undefined;
  loading: boolean;
  page: { pageNum: number; pageSize: number };
  onPage: (page: { pageNum: number; pageSize: number }) => void;
  scrollX?: number;
};

// A table over one server page, with the total and a page-size changer.
export function PagedTable<T extends { id: number }>({ columns, data, loading, page, onPage, scrollX }: Props<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={loading}
      locale={{ emptyText: t('systemSetup.common.empty') }}
      scroll={scrollX ? { x: scrollX } : undefined}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('systemSetup.common.total', { total }),
        onChange: (pageNum, pageSize) => onPage({ pageNum, pageSize }),
      }}
    />
  );
}
