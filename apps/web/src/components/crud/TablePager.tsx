import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  current: number;
  pageSize: number;
  total: number;
  onChange: (pageNum: number, pageSize: number) => void;
  // Lists on a screen let the member choose the page size; tables in drawers keep theirs.
  sizeChanger?: boolean;
  // The total's text, when it is not "N in total" (a count that stopped at its cap).
  totalText?: (total: number) => string;
};

// The pager under a DataTable: "N in total" and the pages, at the right; nothing while there are no rows (as
// antd's Table does).
export function TablePager({ current, pageSize, total, onChange, sizeChanger = false, totalText }: Props) {
  const { t } = useTranslation();
  if (!total) return null;
  return (
    <Pagination
      size="small"
      align="end"
      style={{ margin: '16px 0' }}
      current={current}
      pageSize={pageSize}
      total={total}
      showSizeChanger={sizeChanger}
      showTotal={(n) => (totalText ? totalText(n) : t('crud.total', { total: n }))}
      onChange={onChange}
    />
  );
}
