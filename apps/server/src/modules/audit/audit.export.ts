import { AuditListQuery, PERM, type AuditEntry, type AuditListInput, type Locale } from '@study-crm/shared';
import { tr as h, type Exporter } from '../export/index.js';
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
    page: (q, _caller, pageNum, pageSize) => audit.list({ ...q, pageNum, pageSize }),
    columns: [
      { key: 'time', header: h('時間', '时间', 'Time'), width: 20, value: (r) => ({ date: r.createdAt }) },
      { key: 'member', header: h('操作人', '操作人', 'Member'), value: (r) => r.member?.name ?? null },
      { key: 'module', header: h('模組', '模块', 'Module'), value: (r) => r.module },
      { key: 'action', header: h('操作', '操作', 'Action'), value: (r) => r.action },
      { key: 'recordType', header: h('記錄類型', '记录类型', 'Record type'), value: (r) => r.recordType },
      { key: 'recordIds', header: h('記錄 ID', '记录 ID', 'Record ids'), value: (r) => r.recordIds.join(', ') },
      { key: 'outcome', header: h('結果', '结果', 'Outcome'), value: (r, l) => OUTCOME[r.outcome][l] },
      { key: 'code', header: h('代碼', '代码', 'Code'), width: 8, value: (r) => r.code },
      {
        key: 'fields',
        header: h('變更欄位', '变更字段', 'Changed fields'),
        width: 30,
        value: (r) => r.changedFields.join(', '),
      },
      { key: 'ip', header: h('來源位址', '来源地址', 'Address'), value: (r) => r.ip },
      { key: 'userAgent', header: h('使用者代理', '用户代理', 'User agent'), width: 30, value: (r) => r.userAgent },
      {
        key: 'durationMs',
        header: h('耗時（毫秒）', '耗时（毫秒）', 'Duration (ms)'),
        width: 12,
        value: (r) => r.durationMs,
      },
    ],
  };
}
