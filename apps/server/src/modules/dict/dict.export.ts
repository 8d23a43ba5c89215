import { DictListQuery, PERM, type DictEntry } from '@study-crm/shared';
import { entryColumns } from '../entry/index.js';
import { column, listPages, tr, type Exporter } from '../export/index.js';
import type { DictService } from './dict.service.js';

// The dictionary entries' export (issue 39): the list's own call (its type, keyword and status), for holders of
// its permission. The type comes first: the screen shows it in the card's title, a file has no title.
export function dictExporter(dict: Pick<DictService, 'list'>): Exporter<DictListQuery, DictEntry> {
  return {
    list: 'dict',
    perm: PERM.dictList,
    sheet: tr('字典資料', '字典数据', 'Dictionary entries'),
    query: DictListQuery,
    page: listPages(dict.list),
    columns: entryColumns<DictEntry>({
      type: column.plain('type', tr('字典類型', '字典类型', 'Type'), 20),
      value: tr('資料值', '数据值', 'Value'),
      label: tr('中文名稱', '中文名称', 'Chinese name'),
      label2: tr('英文名稱', '英文名称', 'English name'),
    }),
  };
}
