import { AuditListQuery, auditName, PERM, type AuditEntry, type AuditListInput, type Locale } from '@study-crm/shared';
import { column, tr as h, type Exporter } from '../export/index.js';
import type { AuditService } from './audit.service.js';

const OUTCOME: Record<AuditEntry['outcome'], Record<Locale, string>> = {
  ok: h('成功', '成功', 'Succeeded'),
  refused: h('被拒絕', '被拒绝', 'Refused'),
  error: h('錯誤', '错误', 'Error'),
};

// The operation log's export: its own list call (filters, order) page by page, for holders of its permission.
export function auditExporter(audit: AuditService): Exporter<AuditListInput, AuditEntry> {
  return {
    list: 'auditLog',
    perm: PERM.auditList,
    sheet: h('系統操作日誌', '系统操作日志', 'Operation log'),
    query: AuditListQuery,
    // By page number: a seek cursor would read the same page whatever the number (export.service drops it too).
    page: (q, _caller, pageNum, pageSize) => audit.list({ ...q, cursor: null, pageNum, pageSize }),
    columns: [
      column.of('time', h('時間', '时间', 'Time'), (r) => ({ date: r.createdAt }), 20),
      column.of('member', h('操作人', '操作人', 'Member'), (r) => r.member?.name ?? null),
      // By the names the screen gives them (decision 310); the changed fields stay their identifiers.
      column.of('module', h('模組', '模块', 'Module'), (r, l) => auditName('module', r.module, l)),
      column.of('action', h('操作', '操作', 'Action'), (r, l) => auditName('action', r.action, l)),
      column.of('recordType', h('記錄類型', '记录类型', 'Record type'), (r, l) =>
        r.recordType === null ? null : auditName('recordType', r.recordType, l),
      ),
      column.of('recordIds', h('記錄 ID', '记录 ID', 'Record ids'), (r) => r.recordIds.join(', ')),
      column.of('outcome', h('結果', '结果', 'Outcome'), (r, l) => OUTCOME[r.outcome][l]),
      column.plain('code', h('代碼', '代码', 'Code'), 8),
      column.of('fields', h('變更欄位', '变更字段', 'Changed fields'), (r) => r.changedFields.join(', '), 30),
      column.plain('ip', h('來源位址', '来源地址', 'Address')),
      column.plain('userAgent', h('使用者代理', '用户代理', 'User agent'), 30),
      column.plain('durationMs', h('耗時（毫秒）', '耗时（毫秒）', 'Duration (ms)'), 12),
    ],
  };
}
