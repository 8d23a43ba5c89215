import type { Locale, RecordStatus } from '@study-crm/shared';
import { column, tr, type ExportColumn } from '../export/index.js';

type ExportedEntry = {
  value: string;
  label: string;
  label2: string | null;
  description: string | null;
  sort: number;
  status: RecordStatus;
};
const STATUS: Record<RecordStatus, Record<Locale, string>> = {
  enabled: tr('啟用', '启用', 'Enabled'),
  disabled: tr('停用', '停用', 'Disabled'),
};

// The description, sort and status columns of a settings list (entries, labels, visa stages), headed as the crud
// kit's screens head them (locales/crud.ts).
export const descriptionColumn = <T extends { description: string | null }>(): ExportColumn<T> => ({
  key: 'description',
  header: tr('描述', '描述', 'Description'),
  width: 30,
  value: (r) => r.description,
});
export const sortColumn = <T extends { sort: number }>(
  header: Record<Locale, string> = tr('排序', '排序', 'Sort'),
): ExportColumn<T> => ({ key: 'sort', header, width: 8, value: (r) => r.sort });
export const statusColumn = <T extends { status: RecordStatus }>(): ExportColumn<T> => ({
  key: 'status',
  header: tr('狀態', '状态', 'Status'),
  width: 10,
  value: (r, l) => STATUS[r.status][l],
});

// The columns of an entry list (dictionary, tags): its own type column (the type as the list shows it), then key, the
// two names, description, sort and status, headed by the screen's own wording of the key and names
// (components/crud/columns.tsx entryColumns).
export function entryColumns<T extends ExportedEntry>(own: {
  type: ExportColumn<T>;
  value: Record<Locale, string>;
  label: Record<Locale, string>;
  label2: Record<Locale, string>;
}): ExportColumn<T>[] {
  return [
    own.type,
    column.of('value', own.value, (r) => r.value, 24),
    column.of('label', own.label, (r) => r.label, 20),
    column.of('label2', own.label2, (r) => r.label2, 20),
    descriptionColumn<T>(),
    sortColumn<T>(),
    statusColumn<T>(),
  ];
}
