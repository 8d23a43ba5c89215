import ExcelJS from 'exceljs';
import type { BuiltApp } from '../src/app.js';
import { emptyRowsBomb } from '../src/test/xlsx-files.js';

type Auth = { headers: Record<string, string>; common: string };

// An .xlsx recipient list of `count` distinct Taiwanese mobile numbers (the template's columns).
export async function recipientWorkbook(count: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SMS');
  ws.addRow(['Mobile', 'Region', 'Variables']);
  for (let i = 0; i < count; i += 1) ws.addRow([`09${String(10_000_000 + i).slice(-8)}`, 'TW', `name=Student ${i}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload({ app }: BuiltApp, auth: Auth, file: Buffer) {
  const boundary = `----bench${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bench.xlsx"\r\n` +
        'content-type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/admin/v1/message/sms/add?${auth.common}`,
    headers: { ...auth.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.max(0, Math.ceil(ms.length * 0.99) - 1)] ?? 0;

// Issue 38: what an import costs everyone else. A trivial signed-in call (the gateway state: session, permission,
// envelope) asked one after another, first idle, then while a `count`-row file is uploaded and read.
export async function benchSmsLatency(built: BuiltApp, auth: Auth, count: number) {
  const file = await recipientWorkbook(count);
  const call = async () => {
    const started = performance.now();
    await built.app.inject({
      method: 'GET',
      url: `/admin/v1/message/sms/gateway?${auth.common}`,
      headers: auth.headers,
    });
    return performance.now() - started;
  };
  const idle: number[] = [];
  for (let i = 0; i < 200; i += 1) idle.push(await call());
  const during: number[] = [];
  let isDone = false;
  const started = performance.now();
  const up = upload(built, auth, file).finally(() => (isDone = true));
  // app.inject answers through promises alone: without a turn of the event loop between calls, the worker's messages
  // (the file's rows) would never be delivered and the upload would never end.
  while (!isDone) {
    during.push(await call());
    await new Promise((resolve) => setImmediate(resolve));
  }
  if ((await up).json<{ meta: { code: number } }>().meta.code !== 200) throw new Error('sms/add refused the file');
  return {
    count,
    idleP99: p99(idle),
    duringP99: p99(during),
    calls: during.length,
    uploadMs: performance.now() - started,
  };
}

// Builds an .xlsx of `count` distinct Taiwanese mobile numbers and times, through app.inject, its upload (read,
// validate, store the draft) and the batchPush that queues one outbox row per recipient.
export async function benchSmsBatch(built: BuiltApp, auth: Auth, count: number) {
  const { app } = built;
  const file = await recipientWorkbook(count);
  const started = performance.now();
  const up = await upload(built, auth, file);
  const read = up.json() as { meta: { code: number }; data: { id: number; accepted: number } };
  if (read.meta.code !== 200) throw new Error(`sms/add: ${up.body}`);
  const readMs = performance.now() - started;
  const push = await app.inject({
    method: 'POST',
    url: '/admin/v1/message/sms/batchPush',
    headers: { ...auth.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `${auth.common}&${new URLSearchParams({ id: String(read.data.id), terminal: 'admin', content: 'Hello {{name}}' }).toString()}`,
  });
  const pushed = push.json() as { meta: { code: number }; data: { queued: number } };
  if (pushed.meta.code !== 200) throw new Error(`sms/batchPush: ${push.body}`);
  return {
    count,
    bytes: file.length,
    accepted: read.data.accepted,
    queued: pushed.data.queued,
    readMs,
    totalMs: performance.now() - started,
  };
}

// Issue 38: how long a zip bomb takes to be refused through the upload call: one whose central directory declares its
// 140 MB (refused before anything inflates) and one that declares 4 kB and inflates to 40 MB of empty rows (refused
// by the counting reader in the worker thread). Each is uploaded `rounds` times; the slowest round is reported.
export async function benchBombRefusal(built: BuiltApp, auth: Auth, rounds = 3) {
  const bombs = { honest: emptyRowsBomb(140), lying: emptyRowsBomb(40, { declared: 4000 }) };
  const worst: Record<keyof typeof bombs, number> = { honest: 0, lying: 0 };
  for (let i = 0; i < rounds; i += 1) {
    for (const kind of ['honest', 'lying'] as const) {
      const started = performance.now();
      const code = (await upload(built, auth, bombs[kind])).json<{ meta: { code: number } }>().meta.code;
      if (code !== 7102 && code !== 7105) throw new Error(`sms/add answered ${code} to the ${kind} bomb`);
      worst[kind] = Math.max(worst[kind], performance.now() - started);
    }
  }
  return worst;
}
