import type { TFunction } from 'i18next';
import type { RecordStatus } from '@study-crm/shared';
import { crudPerms } from '../../components/crud/perms';
import { crudScreen, type CrudScreenOptions } from '../../components/crud/crudScreen';
import type { CrudList } from '../../components/crud/useCrudList';
import type { BaseFilters } from '../../components/crud/useListScreen';
import type { Filters } from '../../components/crud/urlState';
import { screenStrings } from './screenStrings';

type RowOptions<Row, V> = Pick<CrudScreenOptions<Row, V>, 'newValues' | 'name' | 'readOnly'>;

// A system-setup list screen's parts (crudScreen) over its list (useCrudList), named by `ns` once: its texts and
// test ids (systemSetup.<ns>.*) and its permissions (<ns>Add, <ns>Update, <ns>Remove). `row` names a row and gives
// a new one's values.
export function setupScreen<
  Row extends { id: number; status: RecordStatus } & Partial<V>,
  V extends { status?: RecordStatus },
  F extends BaseFilters & Filters = BaseFilters,
>(t: TFunction, ns: Parameters<typeof screenStrings>[1], crud: CrudList<Row, F>, row: RowOptions<Row, V>) {
  const screen = crudScreen<Row, V, F>(t, crud, { ...screenStrings(t, ns), ...row, perms: crudPerms(ns) });
  return { ...screen, crudList: { ...screen.crudList, strings: `systemSetup.${ns}` as const } };
}
