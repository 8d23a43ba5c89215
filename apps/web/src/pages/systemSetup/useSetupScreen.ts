import { useTranslation } from 'react-i18next';
import type { RecordStatus } from '@study-crm/shared';
import { crudPerms } from '../../components/crud/perms';
import { useCrudScreen, type CrudScreenOptions } from '../../components/crud/useCrudScreen';
import type { BaseFilters } from '../../components/crud/useListScreen';
import type { Filters } from '../../components/crud/urlState';
import { screenStrings } from './screenStrings';

type Resource<Row, V> = Pick<
  CrudScreenOptions<Row, V>,
  'queryRoot' | 'useList' | 'useAdd' | 'useUpdate' | 'useRemove' | 'existsCode'
>;
type RowOptions<Row, V> = Pick<CrudScreenOptions<Row, V>, 'newValues' | 'name' | 'readOnly'>;

// A system-setup list screen over `resource`, named by `ns` once: its texts and test ids (systemSetup.<ns>.*) and
// its permissions (<ns>Add, <ns>Update, <ns>Remove). `row` names a row and gives a new one's values.
export function useSetupScreen<
  Row extends { id: number; status: RecordStatus } & Partial<V>,
  F extends BaseFilters & Filters,
  V extends { status?: RecordStatus },
>(ns: Parameters<typeof screenStrings>[1], resource: Resource<Row, V>, row: RowOptions<Row, V>) {
  const { t } = useTranslation();
  const crud = useCrudScreen<Row, F, V>(t, { ...screenStrings(t, ns), ...resource, ...row, perms: crudPerms(ns) });
  return { ...crud, crudList: { ...crud.crudList, strings: `systemSetup.${ns}` as const } };
}
