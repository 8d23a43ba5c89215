import type { RetentionReport } from './retention.service.js';

// The message-box text of a run's report, in the three languages (the message box keeps one stored text, so all three
// are in it, each on its own line).
const KIND_NAMES: Record<keyof RetentionReport['counts'], [string, string, string]> = {
  closedApplications: ['結案逾期的學生', '结案逾期的学生', 'students with applications closed past the period'],
  inactiveStudents: ['長期未使用的學生帳號', '长期未使用的学生账号', 'inactive student accounts'],
  unattachedFiles: ['未附加的檔案', '未附加的文件', 'unattached files'],
  outboxBodies: ['清空內容的郵件與簡訊', '清空内容的邮件与短信', 'e-mail and SMS bodies blanked'],
  auditEntries: ['封存並移除的操作日誌', '封存并移除的操作日志', 'audit entries archived and removed'],
  sessions: ['已結束的登入工作階段', '已结束的登录会话', 'ended sessions'],
  verificationCodes: ['過期的驗證碼', '过期的验证码', 'expired verification codes'],
};

export const REPORT_TITLE = '資料保留作業報告 / 数据保留作业报告 / Retention run report';

export function reportText(r: RetentionReport): string {
  const kinds = Object.keys(KIND_NAMES) as (keyof RetentionReport['counts'])[];
  return [0, 1, 2].map((lang) => kinds.map((k) => `${KIND_NAMES[k][lang]}: ${r.counts[k]}`).join('; ')).join('\n');
}
