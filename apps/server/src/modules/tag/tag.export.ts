import { DICT_TYPES, PERM, TagListQuery, type Tag } from '@study-crm/shared';
import { dictPages, type DictListDeps } from '../dict/index.js';
import { entryColumns } from '../entry/index.js';
import { column, tr, type DictRow, type Exporter } from '../export/index.js';
import type { TagService } from './tag.service.js';

// The tag list's export (issue 39): the list's own call (type, keyword, status), for holders of its permission;
// the type as its dictionary label, as the list shows it.
export function tagExporter(deps: DictListDeps<'tags', TagService>): Exporter<TagListQuery, DictRow<Tag>> {
  return {
    list: 'tag',
    perm: PERM.tagList,
    sheet: tr('標籤管理', '标签管理', 'Tags'),
    query: TagListQuery,
    page: dictPages(deps.dict, DICT_TYPES.tagType, deps.tags.list, (r) => r.type),
    columns: entryColumns<DictRow<Tag>>({
      type: column.dict('type', tr('標籤類型', '标签类型', 'Tag type'), 16),
      value: tr('標籤鍵值', '标签键值', 'Tag key'),
      label: tr('中文標籤', '中文标签', 'Chinese tag'),
      label2: tr('英文標籤', '英文标签', 'English tag'),
    }),
  };
}
