import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  PERM,
  type Contribution,
  type DictEntry,
  type Email,
  type ExportStart,
  type FeedbackItem,
  type KpiType,
  type Label,
  type MailSender,
  type Notice,
  type Page,
  type Project,
  type Role,
  type SmsBatch,
  type Tag,
  type Task,
  type Template,
  type Track,
  type ApplicationSaved,
  type VisaStage,
  VISA_STAGE_NAMES,
} from '@study-crm/shared';
import { createRole, createStaff, permissionId, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { BASE, fullForm } from '../../test/application-fixtures.js';
import { APP_ID } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { recipientFile, uploadFile, SMS } from '../../test/sms-fixtures.js';
import { seedProjectTasks } from '../../test/task-fixtures.js';

// Every list screen's exporter but the first five (their own tests): the same rows as the list call with the same
// filters, the screen's headings in the reader's language, formula cells neutralised, the list's own permission.
// One table: a case seeds rows through the list's own module (one of them hostile), names the list route and the
// filters, the English headings, and the cells a list item gives (undefined: not compared).

const HOSTILE = '=HYPERLINK("http://evil.test","x")';
const at = (ms: number | null) => (ms === null ? null : new Date(ms));
const day = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : null);

type Case<T> = {
  list: string;
  url: string;
  seed: () => Promise<Record<string, unknown>>;
  headers: string[];
  zhFirst: string;
  cells: (item: T) => unknown[];
  // Texts no cell may hold (secrets the list's rows were made with).
  absent?: string[];
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const exporter = <T>(c: Case<T>): Case<any> => c;

async function readBook(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('the exporters of the list screens', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  let outsider: { token: string };
  let admin: () => { token: string };
  const ok = <T>(res: { meta: { code: number; message: string }; data: T }) => {
    expect(res.meta, res.meta.message).toMatchObject({ code: 200 });
    return res.data;
  };

  beforeAll(async () => {
    // A staff member who may see none of these lists.
    const role = await createRole(t.db.db, 'ROLE_NO_LISTS', [PERM.paymentList]);
    await createStaff(t.db.db, 'nolists', [role]);
    outsider = await t.login('nolists', STAFF_PASSWORD);
    admin = () => t.admin;
  });

  const file = (query: Record<string, string>, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/export/file?${new URLSearchParams({ appId: APP_ID, mcId: 'COM', ...query }).toString()}`,
      headers: t.headers({ token }),
    });

  const cases = [
    exporter<Tag>({
      list: 'tag',
      url: '/admin/v1/tags/list',
      seed: async () => {
        for (const [value, label] of [
          ['exporta', HOSTILE],
          ['exportb', '標籤乙'],
        ])
          ok(await t.post('/admin/v1/tags/add', { type: 'student', value, label, sort: 1 }, admin()));
        return { keyword: 'export' };
      },
      headers: ['Tag type', 'Tag key', 'Chinese tag', 'English tag', 'Description', 'Sort', 'Status'],
      zhFirst: '標籤類型',
      cells: (r) => [undefined, r.value, r.label, r.label2, r.description, r.sort, 'Enabled'],
    }),
    exporter<DictEntry>({
      list: 'dict',
      url: '/admin/v1/sys/dict/list',
      seed: async () => {
        for (const [value, label] of [
          ['one', HOSTILE],
          ['two', '資料乙'],
        ])
          ok(await t.post('/admin/v1/sys/dict/add', { type: 'export_test', value, label, sort: 2 }, admin()));
        return { type: 'export_test' };
      },
      headers: ['Type', 'Value', 'Chinese name', 'English name', 'Description', 'Sort', 'Status'],
      zhFirst: '字典類型',
      cells: (r) => [r.type, r.value, r.label, r.label2, r.description, r.sort, 'Enabled'],
    }),
    exporter<Role>({
      list: 'role',
      url: '/api/v1/mc/sys/role/list',
      seed: async () => {
        const permissionIds = String(await permissionId(t.db.db, PERM.tagList));
        for (const [name, cnName] of [
          ['ROLE_EXPORT_A', HOSTILE],
          ['ROLE_EXPORT_B', '匯出乙'],
        ])
          ok(await t.post('/api/v1/mc/sys/role/add', { name, cnName, kind: 'assignment', permissionIds }, admin()));
        return { keyword: 'ROLE_EXPORT' };
      },
      headers: ['Role name', 'Chinese name', 'Kind', 'Members'],
      zhFirst: '角色名稱',
      cells: (r) => [r.name, r.cnName, 'Assignment', r.memberCount],
    }),
    exporter<Email>({
      list: 'email',
      url: '/admin/v1/message/email/list',
      seed: async () => {
        const sender = ok(
          await t.post<{ id: number }>(
            '/admin/v1/mailSenders/add',
            { host: '127.0.0.1', port: 2525, account: 'office@example.com', password: 'x', tlsMode: 'none' },
            admin(),
          ),
        );
        for (const subject of [`${HOSTILE} export`, 'Plain export'])
          ok(
            await t.post(
              '/admin/v1/message/email/add',
              { senderId: sender.id, platform: 'WEB', recipients: 'a@example.com', subject, content: '<p>x</p>' },
              admin(),
            ),
          );
        return { keyword: 'export', order: 'asc' };
      },
      headers: ['Subject', 'Sender', 'Recipients', 'Sent', 'Failed', 'Cancelled', 'Queued', 'Time', 'Scheduled for'],
      zhFirst: '主旨',
      cells: (r) => [
        r.subject,
        r.sender,
        r.recipientCount,
        r.summary.sent,
        r.summary.failed,
        r.summary.cancelled,
        r.summary.queued + r.summary.sending,
        at(r.createdAt),
        at(r.sendAt),
      ],
    }),
    exporter<SmsBatch>({
      list: 'sms',
      url: `${SMS}/list`,
      seed: async () => {
        for (const content of [`${HOSTILE} sms`, 'Plain sms']) {
          const up = ok(
            await uploadFile<{ id: number }>(t, t.admin.token, {
              name: 'list.xlsx',
              content: await recipientFile([['0912345678', 'TW', '']]),
            }),
          );
          ok(await t.post(`${SMS}/batchPush`, { id: up.id, terminal: 'admin', content }, admin()));
        }
        return { keyword: 'sms' };
      },
      headers: ['Content', 'Sending terminal', 'Sender', 'File', 'Recipients', 'Send time', 'Queued', 'Sent', 'Failed'],
      zhFirst: '內容',
      cells: (r) => [
        r.content,
        undefined,
        r.sender,
        r.fileName,
        r.accepted,
        at(r.sendAt),
        r.counts.queued + r.counts.sending,
        r.counts.sent,
        r.counts.failed,
      ],
    }),
    exporter<Notice>({
      list: 'notice',
      url: '/admin/v1/notices/list',
      seed: async () => {
        for (const title of [`${HOSTILE} notice`, 'Plain notice'])
          ok(await t.post('/admin/v1/notices/add', { title, content: 'Body', recipientId: 0 }, admin()));
        return { keyword: 'notice', sortField: 'title', order: 'asc' };
      },
      headers: ['Title', 'Recipient', 'Publish time', 'Expires', 'State'],
      zhFirst: '標題',
      cells: (r) => [r.title, 'All members', at(r.publishAt), 'Never', 'Published'],
    }),
    exporter<Template>({
      list: 'template',
      url: '/admin/v1/message/templates/list',
      seed: async () => {
        for (const [name, title] of [
          ['Export one', HOSTILE],
          ['Export two', 'Welcome'],
        ])
          ok(await t.post('/admin/v1/message/templates/add', { name, type: 'exporttest', title }, admin()));
        return { type: 'exporttest' };
      },
      headers: ['Template name', 'Template type', 'Content title', 'Updated'],
      zhFirst: '範本名稱',
      cells: (r) => [r.name, r.type, r.title, at(r.updatedAt)],
    }),
    exporter<Project>({
      list: 'project',
      url: '/api/v1/cake/projects/list',
      seed: async () => {
        for (const name of [`${HOSTILE} project`, 'Plain project'])
          ok(
            await t.post(
              '/api/v1/cake/projects/add',
              { name, status: 'active', startDate: '2026-09-01', endDate: '2027-06-30' },
              admin(),
            ),
          );
        return { keyword: 'project', sortField: 'name', order: 'asc' };
      },
      headers: [
        'Project',
        'Status',
        'Start date',
        'End date',
        'Members',
        'Fixed shares in all (%)',
        'My role',
        'Created',
      ],
      zhFirst: '專案名稱',
      cells: (r) => [
        r.name,
        'Active',
        day(r.startDate),
        day(r.endDate),
        r.memberCount,
        r.shareTotal,
        undefined,
        at(r.createdAt),
      ],
    }),
    exporter<Task>({
      list: 'task',
      url: '/api/v1/cake/tasks/list',
      seed: async () => {
        await seedProjectTasks(t.db.db, 'Task export project', Date.now(), [
          { title: `${HOSTILE} task`, status: 'todo', dueDate: '2026-12-01', points: 3 },
          { title: 'Plain task', status: 'doing', assigneeId: t.admin.mid, points: 5 },
        ]);
        return { keyword: 'task', sortField: 'title', order: 'asc' };
      },
      headers: ['Task', 'Project', 'Assignee', 'Status', 'KPI type', 'Points', 'Due'],
      zhFirst: '任務',
      cells: (r) => [r.title, r.projectName, r.assignee?.name ?? null, undefined, null, r.points, day(r.dueDate)],
    }),
    exporter<Contribution>({
      list: 'contribution',
      url: '/api/v1/cake/contributions/list',
      seed: async () => {
        const { projectId, taskIds } = await seedProjectTasks(t.db.db, 'Contribution export', Date.now(), [
          { title: `${HOSTILE} done`, status: 'doing', assigneeId: t.admin.mid, points: 4 },
          { title: 'Also done', status: 'review', assigneeId: t.admin.mid, points: 6 },
        ]);
        for (const id of taskIds) ok(await t.post('/api/v1/cake/tasks/changeStatus', { id, status: 'done' }, admin()));
        return { projectId };
      },
      headers: ['Day', 'Member', 'Task', 'Project', 'KPI type', 'Points'],
      zhFirst: '日期',
      cells: (r) => [day(r.contributedOn), r.member.name, r.title, r.projectName, null, r.points],
    }),
    exporter<FeedbackItem>({
      list: 'feedback',
      url: '/api/v1/mc/feedbacks/list',
      seed: async () => {
        for (const content of [HOSTILE, 'A plain question'])
          ok(await t.post('/api/v1/member/feedbacks/submit', { content }, admin()));
        return { status: 'open' };
      },
      headers: ['Name', 'E-mail', 'Phone', 'Content', 'Status', 'Message time', 'Reply', 'Reply time', 'Replied by'],
      zhFirst: '姓名',
      cells: (r) => [r.name, r.email, undefined, undefined, 'Not answered', at(r.createdAt), null, null, null],
    }),
    exporter<Label>({
      list: 'label',
      url: '/api/v1/mc/labels/list',
      seed: async () => {
        for (const [name, color] of [
          [HOSTILE, '#1677ff'],
          ['Plain label', null],
        ])
          ok(await t.post('/api/v1/mc/labels/add', { name, color, description: 'export label', sort: 3 }, admin()));
        return { keyword: 'export label', status: 'enabled' };
      },
      headers: ['Label name', 'Colour', 'Description', 'Members', 'Sort', 'Status'],
      zhFirst: '標記名稱',
      cells: (r) => [r.name, r.color, r.description, r.memberCount, r.sort, 'Enabled'],
    }),
    exporter<KpiType>({
      list: 'kpiType',
      url: '/api/v1/cake/kpiTypes/list',
      seed: async () => {
        for (const [nameEn, weight] of [
          [`${HOSTILE} export`, 150],
          ['Plain export', 80],
        ])
          ok(
            await t.post(
              '/api/v1/cake/kpiTypes/add',
              { nameTw: '匯出類型', nameCn: '导出类型', nameEn, unit: 'cases', weight },
              admin(),
            ),
          );
        return { keyword: 'export', enabled: '1' };
      },
      headers: ['Name', 'Unit', 'Weight (%)', 'Tasks', 'Enabled'],
      zhFirst: '名稱',
      cells: (r) => [r.nameEn, r.unit, r.weight, r.taskCount, 'Enabled'],
    }),
    exporter<MailSender>({
      list: 'mailSender',
      url: '/admin/v1/mailSenders/list',
      seed: async () => {
        for (const [displayName, tlsMode] of [
          [HOSTILE, 'none'],
          ['Plain server', 'tls'],
        ])
          ok(
            await t.post(
              '/admin/v1/mailSenders/add',
              {
                host: 'smtp.exportsrv.test',
                port: 465,
                account: 'office@exportsrv.test',
                password: 'Mailbox-Secret-7900',
                tlsMode,
                displayName,
              },
              admin(),
            ),
          );
        return { keyword: 'exportsrv' };
      },
      headers: ['Display name', 'Mailbox account', 'SMTP host', 'Port', 'Encryption'],
      zhFirst: '顯示名稱',
      cells: (r) => [r.displayName, r.account, r.host, r.port, r.tlsMode === 'none' ? 'None' : 'SSL/TLS'],
      absent: ['Mailbox-Secret-7900'],
    }),
    exporter<Track>({
      list: 'track',
      url: '/api/v1/cake/tracks',
      seed: async () => {
        const applicationId = ok(
          await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ name: 'Track Payer' }), admin()),
        ).id;
        for (const title of [HOSTILE, 'Plain deposit'])
          ok(
            await t.post(
              '/api/v1/mc/paymentRecord/create',
              {
                applicationId,
                title,
                type: 'collection',
                amount: '120.50',
                currency: 'GBP',
                transactionDate: '2026-11-20',
                transferMethod: 'bank_transfer',
              },
              admin(),
            ),
          );
        return { operation: 'create' };
      },
      headers: ['Time', 'Operator', 'Operation', 'Payment record id', 'Payment record', 'Changes'],
      zhFirst: '操作時間',
      cells: (r) => [at(r.createdAt), r.operator?.name, 'Create', r.paymentId, r.paymentTitle, undefined],
    }),
    exporter<VisaStage>({
      list: 'visaStage',
      url: '/api/v1/mc/visaStage/list',
      seed: async () => {
        for (const [name, sort] of [
          [HOSTILE, 500],
          ['Plain stage', 510],
        ])
          ok(await t.post('/api/v1/mc/visaStage/add', { name, sort, fileType: 'offer' }, admin()));
        // The built-in stages (no name of their own) come too: every enabled stage.
        return { status: 'enabled' };
      },
      headers: ['Order', 'Stage name', 'Rules', 'Document type expected', 'Status', 'Updated'],
      zhFirst: '順序',
      cells: (r) => [
        r.sort,
        r.name || VISA_STAGE_NAMES['en-US'][r.kind!],
        r.kind ? 'Built-in (with rules)' : 'Added',
        r.fileType === 'offer' ? 'Offer letter' : r.fileType === null ? null : undefined,
        'Enabled',
        at(r.updatedAt),
      ],
    }),
  ];

  it.each(cases)('$list: the rows of the list call, its headings, formulas kept as text', async (c) => {
    const seeded = await c.seed();
    const filters = Object.fromEntries(Object.entries(seeded).filter(([, v]) => v !== undefined));
    const page = ok(await t.get<Page<unknown>>(c.url, { ...filters, pageSize: 100 } as never, admin()));
    expect(page.total).toBeGreaterThanOrEqual(2);
    const start = ok(
      await t.post<ExportStart>('/api/v1/export/start', { list: c.list, filters: JSON.stringify(filters) }, admin()),
    );
    expect(start).toEqual({ jobId: null, total: page.total });
    const res = await file({ list: c.list, filters: JSON.stringify(filters), locale: 'en-US' }, admin().token);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const sheet = await readBook(res.rawPayload);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(c.headers);
    expect(sheet.rowCount).toBe(page.total + 1);
    page.list.forEach((item, i) => {
      const row = sheet.getRow(i + 2);
      c.cells(item).forEach((want, col) => {
        if (want === undefined) return;
        const got = row.getCell(col + 1).value;
        if (typeof want === 'string' && /^[=+\-@]/.test(want)) expect(got).toBe(`'${want}`);
        else expect(got, `${c.list} row ${i + 1} column ${c.headers[col]}`).toEqual(want ?? null);
      });
    });
    // The hostile cell is text with a leading apostrophe wherever it landed.
    const texts: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value))));
    expect(texts.some((v) => v.startsWith(`'${HOSTILE}`))).toBe(true);
    expect(texts.some((v) => v.startsWith(HOSTILE))).toBe(false);
    for (const secret of c.absent ?? []) expect(texts.some((v) => v.includes(secret))).toBe(false);
    // Headings in the reader's language.
    const zh = await readBook(
      (await file({ list: c.list, filters: JSON.stringify(filters), locale: 'zh-TW' }, admin().token)).rawPayload,
    );
    expect(zh.getRow(1).getCell(1).value).toBe(c.zhFirst);
  });

  it.each(cases.map((c) => c.list))('%s: refused to a caller without the list permission', async (list) => {
    const refused = await t.post('/api/v1/export/start', { list, filters: '{}' }, outsider);
    expect(refused.meta.code).toBe(Code.FORBIDDEN);
    const direct = await file({ list, filters: '{}' }, outsider.token);
    expect((JSON.parse(direct.body) as { meta: { code: number } }).meta.code).toBe(Code.FORBIDDEN);
  });
});
