// Issue 43's "every list screen's first page ≤ 2× the trivial call": each list screen's first page as the screen asks
// for it (page 1 of 20, its default order, no filter), after `seedScreens` has given every such list more than a page
// of rows through the calls an administrator makes (the lists the demo data leaves empty or short). The home, member
// and payment lists are timed by their own groups at their own sizes and held to the same goal.
import {
  accountListApi,
  admissionsApi,
  auditApi,
  contentApi,
  contributionApi,
  dictApi,
  emailApi,
  feedbackApi,
  kpiTypeApi,
  labelApi,
  mailSenderApi,
  memberApi,
  noticeApi,
  permissionApi,
  privacyApi,
  projectApi,
  roleApi,
  sysconfigApi,
  tagApi,
  taskApi,
  templateApi,
  visaApi,
  type Endpoint,
  type EndpointData,
  type EndpointParams,
} from '@study-crm/shared';
import { BENCH } from './sign-in.js';

export const SCREEN_ROWS = 25;

// [the screen (its component key): the list, its call].
export const SCREEN_CASES: readonly (readonly [string, Endpoint<'GET'>])[] = [
  ['employee: staff accounts', memberApi.list],
  ['userAccount: user accounts', accountListApi.list],
  ['roleManage: roles', roleApi.list],
  ['dictManage: dictionary entries', dictApi.list],
  ['sysTagManage: tags', tagApi.list],
  ['labels: labels', labelApi.list],
  ['configManage: configuration', sysconfigApi.list],
  ['admissionsCycles: cycles', admissionsApi.list],
  ['visaStages: visa stages', visaApi.stageList],
  ['dataRequests: data requests', privacyApi.list],
  ['contentManage: contents', contentApi.list],
  ['emailSenderManage: mail servers', mailSenderApi.list],
  ['templateManage: templates', templateApi.list],
  ['emailManage: e-mails', emailApi.list],
  ['noticeManage: notices', noticeApi.list],
  ['feedbackList: feedback', feedbackApi.list],
  ['projectList: projects', projectApi.list],
  ['taskList: tasks', taskApi.list],
  ['kpiTypeList: KPI types', kpiTypeApi.list],
  ['contributionList: contributions', contributionApi.list],
  ['operationLog: operation log', auditApi.list],
  ['home: due this week', visaApi.thisWeek],
];
export const firstPage = (e: Endpoint<'GET'>) => `${e.url}?pageNum=1&pageSize=20`;

// Each list screen's first page by its component key (employee, operationLog, ...): the cases `npm run bench:profile`
// and `npm run bench:ab` take by name beside their own (with --screens, after seedScreens).
export const SCREEN_PAGES: Record<string, string> = Object.fromEntries(
  SCREEN_CASES.map(([screen, e]) => [screen.split(':')[0]!, firstPage(e)]),
);

// Signed calls as the bench's administrator; each throws unless the answer's code is 200.
export type BenchCalls = {
  post: <E extends Endpoint<'POST'>>(e: E, body: EndpointParams<E>) => Promise<EndpointData<E>>;
  get: <E extends Endpoint<'GET'>>(e: E, query?: Record<string, string>) => Promise<EndpointData<E>>;
};

// BenchCalls over real HTTP to the bench server at `base`, signed as its administrator `mid` with session `token`.
export function httpCalls(base: string, mid: number, token: string): BenchCalls {
  const common = { appId: BENCH.appId, mcId: 'COM', memberId: String(mid) };
  const headers = { sign: BENCH.sign, 'x-token': token };
  const dataOf = async (res: Response, what: string) => {
    const body = (await res.json()) as { meta: { code: number; message: string }; data: never };
    if (body.meta.code !== 200) throw new Error(`${what}: ${body.meta.code} ${body.meta.message}`);
    return body.data;
  };
  return {
    post: async (e, body) => {
      const form = new URLSearchParams(common);
      for (const [k, v] of Object.entries(body as Record<string, unknown>))
        if (v !== null && v !== undefined) for (const x of [v].flat()) form.append(k, String(x));
      const res = await fetch(base + e.url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      return dataOf(res, e.url);
    },
    get: async (e, query) =>
      dataOf(await fetch(`${base}${e.url}?${new URLSearchParams({ ...query, ...common })}`, { headers }), e.url),
  };
}

// SCREEN_ROWS rows in each list the demo data leaves short, each through its own add call (which also writes the
// operation log's entries). `me`: the administrator (the tasks' assignee); `subjectIds`: SCREEN_ROWS members for the
// data requests to be about (one open request of a kind each).
export async function seedScreens({ post, get }: BenchCalls, me: number): Promise<void> {
  const members = await get(memberApi.list, { pageNum: '1', pageSize: String(SCREEN_ROWS) });
  const subjectIds = members.list.map((m) => m.id);
  if (subjectIds.length < SCREEN_ROWS) throw new Error(`the screens group needs ${SCREEN_ROWS} members (--members)`);
  const each = async <T>(add: (i: number) => Promise<T>): Promise<T[]> => {
    const made: T[] = [];
    for (let i = 1; i <= SCREEN_ROWS; i++) made.push(await add(i));
    return made;
  };
  const menu = (await get(permissionApi.getAll))[0]!.id;
  await each((i) =>
    post(roleApi.add, { name: `ROLE_BENCH_${i}`, cnName: `角色${i}`, kind: 'general', permissionIds: [menu] }),
  );
  await each((i) => post(tagApi.add, { type: 'student', value: `bench${i}`, label: `標籤${i}` }));
  await each((i) => post(labelApi.add, { name: `標記${i}`, color: '#165DFF' }));
  await each((i) => post(sysconfigApi.add, { key: `bench.key${i}`, platform: 'WEB', prodValue: `value ${i}` }));
  await each((i) =>
    post(admissionsApi.add, {
      entryYear: 2030 + i,
      earlyDeadline: `${2029 + i}-10-15`,
      equalDeadline: `${2030 + i}-01-29`,
      finalDeadline: `${2030 + i}-06-30`,
    }),
  );
  await each((i) => post(visaApi.stageAdd, { name: `階段 ${i}`, sort: 100 + i, fileType: 'offer' }));
  await each((i) => post(privacyApi.add, { subjectId: subjectIds[i - 1], kind: 'access' }));
  await each((i) => post(contentApi.add, { title: `Content ${i}`, body: `Text ${i}` }));
  const senders = await each((i) =>
    post(mailSenderApi.add, {
      host: 'smtp.example.test',
      port: 587,
      account: `bench${i}@example.com`,
      password: `bench-pass-${i}`,
    }),
  );
  await each((i) => post(templateApi.add, { name: `Template ${i}`, type: 'bench', title: `T${i}` }));
  // Scheduled a day ahead, so the outbox sends none of them while the bench runs.
  const tomorrow = Date.now() + 86_400_000;
  await each((i) =>
    post(emailApi.add, {
      senderId: senders[0]!.id,
      recipients: `student${i}@example.com, parent${i}@example.com`,
      subject: `Offer ${i}`,
      content: `<p>Dear student ${i}</p>`,
      platform: 'WEB',
      sendAt: tomorrow,
    }),
  );
  await each((i) => post(noticeApi.add, { title: `Notice ${i}`, content: `Text ${i}`, recipientId: 0 }));
  await each((i) => post(feedbackApi.submitMine, { content: `Feedback ${i}` }));
  const kinds = await each((i) =>
    post(kpiTypeApi.add, { nameTw: `類型${i}`, nameCn: `类型${i}`, nameEn: `Kind ${i}`, unit: 'cases', weight: 1 }),
  );
  const projects = await each((i) => post(projectApi.add, { name: `Cohort ${i}` }));
  // Tasks of the first project (whose manager its maker is), each moved to done: a done task is a contribution record
  // of its assignee.
  await each(async (i) => {
    const task = await post(taskApi.add, {
      projectId: projects[0]!.id,
      title: `Task ${i}`,
      assigneeId: me,
      kpiTypeId: kinds[i - 1]!.id,
      points: i,
    });
    const doing = await post(taskApi.changeStatus, { id: task.id, status: 'doing', version: task.version });
    return post(taskApi.changeStatus, { id: task.id, status: 'done', version: doing.version });
  });
}
