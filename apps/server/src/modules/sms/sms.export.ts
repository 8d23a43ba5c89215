import { DICT_TYPES, PERM, SmsListQuery, type SmsBatch } from '@study-crm/shared';
import { dictPages, type DictListDeps } from '../dict/index.js';
import { column, tr, type DictRow, type Exporter } from '../export/index.js';
import type { SmsService } from './sms.service.js';

// The SMS batch list's export (issue 39): the list's own call (keyword, terminal), for holders of its permission.
// The terminal as its dictionary label, the recipients per delivery status as numbers (queued counts the rows
// being sent, as the list's tags do).
export function smsExporter(deps: DictListDeps<'sms', SmsService>): Exporter<SmsListQuery, DictRow<SmsBatch>> {
  return {
    list: 'sms',
    perm: PERM.smsList,
    sheet: tr('簡訊管理', '短信管理', 'SMS'),
    query: SmsListQuery,
    page: dictPages(deps.dict, DICT_TYPES.smsTerminal, deps.sms.list, (r) => r.terminal),
    columns: [
      column.plain('content', tr('內容', '内容', 'Content'), 40),
      column.dict('terminal', tr('發送端', '发送端', 'Sending terminal'), 16),
      column.plain('sender', tr('發送者', '发送者', 'Sender'), 14),
      column.plain('fileName', tr('檔案', '文件', 'File'), 24),
      column.plain('accepted', tr('收件人', '收件人', 'Recipients'), 10),
      column.time('sendAt', tr('發送時間', '发送时间', 'Send time')),
      column.of('queued', tr('排隊中', '排队中', 'Queued'), (r) => r.counts.queued + r.counts.sending, 10),
      column.of('sent', tr('已發送', '已发送', 'Sent'), (r) => r.counts.sent, 10),
      column.of('failed', tr('失敗', '失败', 'Failed'), (r) => r.counts.failed, 10),
    ],
  };
}
