import { APPLICATION_DICT, PERM, VISA_STAGE_NAMES, VisaStageListQuery, type VisaStage } from '@study-crm/shared';
import { dictPages, type DictListDeps } from '../dict/index.js';
import { sortColumn, statusColumn } from '../entry/index.js';
import { column, tr, type DictRow, type Exporter } from '../export/index.js';
import type { VisaStageService } from './visa-stage.service.js';

// The visa stages' export (issue 39): the list's own call (keyword, status, checklist order), for holders of its
// permission; a built-in stage without a name of its own under its built-in name, the expected document as its
// dictionary label, as the screen shows them.
export function visaStageExporter(
  deps: DictListDeps<'stages', VisaStageService>,
): Exporter<VisaStageListQuery, DictRow<VisaStage>> {
  return {
    list: 'visaStage',
    perm: PERM.visaStageList,
    sheet: tr('簽證階段', '签证阶段', 'Visa stages'),
    query: VisaStageListQuery,
    page: dictPages(deps.dict, APPLICATION_DICT.fileType, deps.stages.list, (r) => r.fileType),
    columns: [
      sortColumn(tr('順序', '顺序', 'Order')),
      column.of(
        'name',
        tr('階段名稱', '阶段名称', 'Stage name'),
        (r, l) => r.name || (r.kind ? VISA_STAGE_NAMES[l][r.kind] : ''),
        28,
      ),
      column.of(
        'rules',
        tr('檢查規則', '检查规则', 'Rules'),
        (r, l) =>
          (r.kind ? tr('內建（含規則）', '内置（含规则）', 'Built-in (with rules)') : tr('自訂', '自定义', 'Added'))[l],
        20,
      ),
      column.dict('fileType', tr('所需文件類型', '所需文件类型', 'Document type expected'), 22),
      statusColumn(),
      column.time('updatedAt', tr('更新時間', '更新时间', 'Updated')),
    ],
  };
}
