import type { ReactNode } from 'react';
import { Button, Input, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '../Permission';
import { StatusSelect } from './StatusSelect';
import type { BaseFilters } from './useListScreen';
import type { ListStateApi } from './useListState';
import type { Filters } from './urlState';

// A list whose `status` is not the enabled/disabled one (showStatus false) may give it its own values.
export type ToolbarFilters = Omit<BaseFilters, 'status'> & { status?: string | null };

export type ListToolbarProps<F extends ToolbarFilters & Filters> = {
  list: Pick<ListStateApi<F>, 'draft' | 'patchDraft' | 'search' | 'reset'>;
  keywordPlaceholder: string;
  keywordWidth?: number;
  keywordTestId?: string;
  // The add button, for members holding addPerm; a list without one leaves these out.
  addPerm?: string;
  addTestId?: string;
  onAdd?: () => void;
  // More actions after search/reset (an export).
  actions?: ReactNode;
  // Screen-specific filters, shown between the keyword and the status.
  children?: ReactNode;
  // Lists whose rows have no enabled/disabled status leave the status filter out.
  showStatus?: boolean;
};

// Keyword + filters + status, search/reset, and the add button (for members allowed to add).
export function ListToolbar<F extends ToolbarFilters & Filters>({
  list,
  keywordPlaceholder,
  keywordWidth = 220,
  keywordTestId,
  addPerm,
  addTestId,
  onAdd,
  actions,
  children,
  showStatus = true,
}: ListToolbarProps<F>) {
  const { t } = useTranslation();
  return (
    <Space wrap className="list-toolbar" style={{ marginBottom: 16 }}>
      <Input
        allowClear
        style={{ width: keywordWidth }}
        placeholder={keywordPlaceholder}
        aria-label={keywordPlaceholder}
        value={list.draft.keyword ?? ''}
        onChange={(e) => list.patchDraft({ keyword: e.target.value } as Partial<F>)}
        onPressEnter={list.search}
        data-testid={keywordTestId}
      />
      {children}
      {showStatus && (
        <StatusSelect
          aria-label={t('crud.status')}
          value={(list.draft.status as BaseFilters['status']) ?? null}
          onChange={(status) => list.patchDraft({ status } as Partial<F>)}
        />
      )}
      <Button type="primary" onClick={list.search} data-testid="list-search">
        {t('crud.search')}
      </Button>
      <Button onClick={list.reset} data-testid="list-reset">
        {t('crud.reset')}
      </Button>
      {actions}
      {onAdd && addPerm && (
        <Permission perm={addPerm}>
          <Button icon={<PlusOutlined />} onClick={onAdd} data-testid={addTestId}>
            {t('crud.add')}
          </Button>
        </Permission>
      )}
    </Space>
  );
}
