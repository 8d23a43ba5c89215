import {
  APPLICATION_DICT,
  ApplicationListQuery,
  PERM,
  type ApplicationListItem,
  type Locale,
  type PersonRef,
} from '@study-crm/shared';
import type { z } from 'zod';
import { withDictText, type DictRepository } from '../dict/index.js';
import { column, tr as h, type Exporter } from '../export/index.js';
import type { ApplicationService } from './application.service.js';

type Row = ApplicationListItem & { dictText: Record<Locale, string> | undefined };
const englishName = (r: ApplicationListItem) =>
  [r.engLastName, r.engFirstName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ') || null;
const person = (p: PersonRef | null) => p?.name ?? null;

// The application list's export (issue 39): its own list call (filters, sort), for holders of its permission; the
// status as the dictionary's label in the reader's language.
export function applicationExporter(deps: {
  applications: Pick<ApplicationService, 'list'>;
  dict: Pick<DictRepository, 'options'>;
}): Exporter<z.infer<typeof ApplicationListQuery>, Row> {
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
      { key: 'englishName', header: h('英文姓名', '英文姓名', 'English name'), value: englishName },
      column.plain('email', h('電子郵件', '电子邮件', 'Email'), 26),
      column.dict('status', h('狀態', '状态', 'Status')),
      {
        key: 'targetSchools',
        header: h('目標學校', '目标学校', 'Target schools'),
        width: 30,
        value: (r) => r.targetSchools.join(', '),
      },
      {
        key: 'signingTeacher',
        header: h('簽約老師', '签约老师', 'Signing teacher'),
        value: (r) => person(r.signingTeacher),
      },
      {
        key: 'followTeacher',
        header: h('跟進老師', '跟进老师', 'Follow-up teacher'),
        value: (r) => person(r.followTeacher),
      },
      column.day('applicationDate', h('申請時間', '申请时间', 'Applied on')),
      {
        key: 'completion',
        header: h('服務完成度（%）', '服务完成度（%）', 'Service completed (%)'),
        width: 14,
        value: (r) => r.completionRatio,
      },
      column.plain('followDone', h('已完成項目', '已完成项目', 'Items done'), 10),
      column.plain('followTotal', h('項目總數', '项目总数', 'Items in all'), 10),
    ],
  };
}
