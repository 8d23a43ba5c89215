import {
  APPLICATION_DICT,
  ApplicationListQuery,
  PERM,
  type ApplicationListItem,
  type PersonRef,
} from '@study-crm/shared';
import type { z } from 'zod';
import { withDictText, type DictListDeps } from '../dict/index.js';
import { column, tr as h, type DictRow, type Exporter } from '../export/index.js';
import type { ApplicationService } from './application.service.js';

const englishName = (r: ApplicationListItem) =>
  [r.engLastName, r.engFirstName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ') || null;
const person = (p: PersonRef | null) => p?.name ?? null;

// The application list's export (issue 39): its own list call (filters, sort), for holders of its permission; the
// status as the dictionary's label in the reader's language.
export function applicationExporter(
  deps: DictListDeps<'applications', ApplicationService>,
): Exporter<z.infer<typeof ApplicationListQuery>, DictRow<ApplicationListItem>> {
  return {
    list: 'application',
    perm: PERM.applicationList,
    sheet: h('申請列表', '申请列表', 'Applications'),
    query: ApplicationListQuery,
    async page(q, _caller, pageNum, pageSize) {
      const page = deps.applications.list({ ...q, cursor: null, pageNum, pageSize });
      return withDictText(deps.dict, APPLICATION_DICT.status, page, (r) => r.status);
    },
    columns: [
      column.plain('name', h('學生', '学生', 'Student')),
      column.of('englishName', h('英文姓名', '英文姓名', 'English name'), englishName),
      column.plain('email', h('電子郵件', '电子邮件', 'Email'), 26),
      column.dict('status', h('狀態', '状态', 'Status')),
      column.of('targetSchools', h('目標學校', '目标学校', 'Target schools'), (r) => r.targetSchools.join(', '), 30),
      column.of('signingTeacher', h('簽約老師', '签约老师', 'Signing teacher'), (r) => person(r.signingTeacher)),
      column.of('followTeacher', h('跟進老師', '跟进老师', 'Follow-up teacher'), (r) => person(r.followTeacher)),
      column.day('applicationDate', h('申請時間', '申请时间', 'Applied on')),
      column.of(
        'completion',
        h('服務完成度（%）', '服务完成度（%）', 'Service completed (%)'),
        (r) => r.completionRatio,
        14,
      ),
      column.plain('followDone', h('已完成項目', '已完成项目', 'Items done'), 10),
      column.plain('followTotal', h('項目總數', '项目总数', 'Items in all'), 10),
    ],
  };
}
