import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { engineFree } from '../test/engine.js';
import { sourceFiles } from '../test/source-files.js';

// One module owns each table and is its only writer (docs/architecture.md, decision 190). The owner of every table
// a module writes; a table missing here fails the test until its owner is named.
const OWNER: Record<string, string> = {
  member: 'member',
  role: 'role',
  memberRole: 'role',
  rolePermission: 'role',
  permission: 'permission',
  session: 'auth',
  memberTwoFactor: 'two-factor',
  memberRecoveryCode: 'two-factor',
  verificationCode: 'verification',
  verificationSend: 'verification',
  captcha: 'captcha',
  admissionsCycle: 'admissions',
  application: 'application',
  applicationFile: 'application',
  applicationReminder: 'application',
  assistantConversation: 'assistant',
  assistantMessage: 'assistant',
  changeCounter: 'sysconfig',
  sysConfig: 'sysconfig',
  contentItem: 'content',
  merchant: 'content',
  contribution: 'task',
  kpiType: 'task',
  task: 'task',
  deliveryOutbox: 'delivery',
  emailAttachment: 'mail',
  emailMessage: 'mail',
  mailSender: 'mail',
  messageTemplate: 'mail',
  feedback: 'feedback',
  feedbackReply: 'feedback',
  feedbackTodo: 'feedback',
  followUp: 'follow-up',
  label: 'label',
  memberLabel: 'label',
  memberNotice: 'inbox',
  memberTodo: 'inbox',
  messageRead: 'inbox',
  systemMessage: 'inbox',
  memberProfile: 'profile',
  personalCv: 'profile',
  memberWallet: 'wallet',
  paymentFile: 'payment',
  paymentRecord: 'payment',
  paymentTrack: 'payment',
  project: 'project',
  projectConstitution: 'project',
  projectMember: 'project',
  smsBatch: 'sms',
  smsRecipient: 'sms',
  visaStage: 'admissions',
  applicationVisaStep: 'application',
  // The audit log is appended by the write plugin (db/audit.ts); only erasure scrubs and retention archives it.
  auditLog: 'audit',
  auditArchive: 'audit',
  erasedPerson: 'erasure',
  importRun: 'import',
  importRow: 'import',
  importClaim: 'import',
  job: 'jobs',
  privacyRequest: 'privacy',
  privacyReminder: 'privacy',
  fileUpload: 'files',
};

// The identity and access tables are read by their owner and, besides, only by these modules, each for one reason
// (decision 190). Everything else a module needs of them it asks the owner's front door.
const IDENTITY_READERS: Record<string, string[]> = {
  // people: the read-only view of members for every other module (names, pickers, teachers, a role's members);
  // auth: the one join per request that turns a session into an active member with permissions;
  // role: counts only live members among a role's holders, and holds the rule of who may act (the session check's,
  // a job owner's standing).
  member: ['member', 'people', 'auth', 'role'],
  // member: a member's role names and the last-administrator lock; permission: a member's menus, whether a role
  // exists; people: staff holding a permission, a role's members; auth: the per-request permissions.
  memberRole: ['role', 'member', 'permission', 'people', 'auth'],
  role: ['role', 'member', 'permission', 'auth'],
  rolePermission: ['role', 'permission', 'people', 'auth'],
  // role: the menu tree a role's permissions are closed over.
  permission: ['permission', 'role', 'people', 'auth'],
  session: ['auth'],
};

const WRITE =
  /\.(?:insertInto|updateTable|deleteFrom)\(\s*'(\w+)(?: as \w+)?'|\b(?:replaceLinks|versionedRows|insertReturningId|updateWhileNull)\(\s*[\w.]+\s*,\s*'(\w+)'/g;
const READ =
  /\.(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'(\w+)(?: as \w+)?'|\bcountIn\(\s*[\w.]+\s*,\s*'(\w+)'|\bliveMemberById\(/g;

// The tables a source writes and reads by name (Kysely's builders and the db/ helpers that take a table).
function tableUses(source: string): { writes: Set<string>; reads: Set<string> } {
  const writes = new Set<string>();
  const reads = new Set<string>();
  for (const m of source.matchAll(WRITE)) writes.add((m[1] ?? m[2])!);
  for (const m of source.matchAll(READ)) reads.add(m[1] ?? m[2] ?? 'member');
  return { writes, reads };
}

const serverSrc = fileURLToPath(new URL('../', import.meta.url));
const modulesDir = fileURLToPath(new URL('./', import.meta.url));
// Every module source (tests excluded), with the module it belongs to.
const moduleFiles = sourceFiles(modulesDir)
  .map((path) => ({ path, rel: relative(modulesDir, path).split(sep).join('/') }))
  .filter((f) => f.rel.includes('/'))
  .map((f) => ({ ...f, module: f.rel.split('/')[0]!, text: readFileSync(f.path, 'utf8') }));

engineFree.describe('table ownership', () => {
  it('finds writes and reads by table name (the scanner itself)', () => {
    const uses = tableUses(
      [
        "await trx.insertInto('member').values(v).execute();",
        "db.updateTable('memberRole as mr').set(x);",
        "conn.deleteFrom('session').where('id', '=', 1);",
        "replaceLinks(trx, 'rolePermission', 'roleId', 1, 'permissionId', []);",
        "versionedRows(db, 'task');",
        "db.selectFrom('role').innerJoin('permission', 'permission.id', 'x').leftJoin('member as m', 'm.id', 'y');",
        'liveMemberById(db, 1);',
        "countIn(tx, 'session', 'memberId', ids);",
      ].join('\n'),
    );
    expect([...uses.writes].sort()).toEqual(['member', 'memberRole', 'rolePermission', 'session', 'task']);
    expect([...uses.reads].sort()).toEqual(['member', 'permission', 'role', 'session']);
  });

  it('has every table written only by its owner', () => {
    const problems: string[] = [];
    for (const f of moduleFiles) {
      for (const table of tableUses(f.text).writes) {
        const owner = OWNER[table];
        if (!owner) problems.push(`${f.rel} writes ${table}, which has no owner in OWNER`);
        else if (owner !== f.module) problems.push(`${f.rel} writes ${table}, owned by ${owner}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has the identity and access tables read only by their owner and the named readers', () => {
    const problems: string[] = [];
    for (const f of moduleFiles) {
      for (const table of tableUses(f.text).reads) {
        const readers = IDENTITY_READERS[table];
        if (readers && !readers.includes(f.module)) problems.push(`${f.rel} reads ${table}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no module run SQL outside its repositories', () => {
    // Builders that start a query; the health route's `select 1` is the one statement outside a repository.
    const query = /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(|sql`\s*select/;
    const outside = moduleFiles
      .filter((f) => query.test(f.text))
      .filter((f) => !/\.repository\.ts$|^health\//.test(f.rel))
      .map((f) => f.rel);
    expect(outside).toEqual([]);
  });
});

engineFree.describe('passwords', () => {
  // Every server source outside the tests: only member/passwords.ts imports argon2, and only it and the seed (which
  // writes its first accounts below the modules) hash a password.
  const all = sourceFiles(serverSrc).map((path) => ({
    rel: relative(serverSrc, path).split(sep).join('/'),
    text: readFileSync(path, 'utf8'),
  }));

  it('are hashed by one module file', () => {
    expect(all.filter((f) => f.text.includes('@node-rs/argon2')).map((f) => f.rel)).toEqual([
      'modules/member/passwords.ts',
    ]);
    const hashing = all.filter((f) => /\bhashPassword\(/.test(f.text)).map((f) => f.rel);
    expect(hashing.filter((rel) => !rel.startsWith('seed/'))).toEqual(['modules/member/passwords.ts']);
  });

  it('are written only by the password writer', () => {
    // The member rows' password column is set in credentials.repository.ts (writePasswordHash, and null for a
    // student added without one), and emptied by the member's own erasure; nothing else in a module names it in a
    // write.
    const writers = moduleFiles
      .filter((f) => /passwordHash(?:\s*[:,}])/.test(f.text) && /\.(?:updateTable|insertInto)\(/.test(f.text))
      .map((f) => f.rel);
    expect(writers.sort()).toEqual(['member/credentials.repository.ts', 'member/personal-data.repository.ts']);
  });
});
