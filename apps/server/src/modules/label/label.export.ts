import { LabelListQuery, PERM, type Label } from '@study-crm/shared';
import { descriptionColumn, sortColumn, statusColumn } from '../entry/index.js';
import { listPages, tr, type Exporter } from '../export/index.js';
import type { LabelService } from './label.service.js';

// The member labels' export (issue 39): the list's own call (keyword, status), for holders of its permission. The
// colour the list shows as the badge's is its code.
export function labelExporter(labels: Pick<LabelService, 'list'>): Exporter<LabelListQuery, Label> {
  return {
    list: 'label',
    perm: PERM.labelList,
    sheet: tr('會員標記', '会员标记', 'Member labels'),
    query: LabelListQuery,
    page: listPages(labels.list),
    columns: [
      { key: 'name', header: tr('標記名稱', '标记名称', 'Label name'), width: 24, value: (r) => r.name },
      { key: 'color', header: tr('顏色', '颜色', 'Colour'), width: 12, value: (r) => r.color },
      descriptionColumn<Label>(),
      { key: 'memberCount', header: tr('會員數', '会员数', 'Members'), width: 10, value: (r) => r.memberCount },
      sortColumn<Label>(),
      statusColumn<Label>(),
    ],
  };
}
