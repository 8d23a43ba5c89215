import { LabelListQuery, PERM, type Label } from '@study-crm/shared';
import { descriptionColumn, sortColumn, statusColumn } from '../entry/index.js';
import { column, listPages, tr, type Exporter } from '../export/index.js';
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
      column.plain('name', tr('標記名稱', '标记名称', 'Label name'), 24),
      column.plain('color', tr('顏色', '颜色', 'Colour'), 12),
      descriptionColumn<Label>(),
      column.plain('memberCount', tr('會員數', '会员数', 'Members'), 10),
      sortColumn<Label>(),
      statusColumn<Label>(),
    ],
  };
}
