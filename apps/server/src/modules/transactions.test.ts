import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { engineFree } from '../test/engine.js';
import { sourceFiles } from '../test/source-files.js';

// One transaction shape (decisions 28 and 253): a repository's `transaction(fn)` hands `fn` the open transaction
// `tx` itself, which the service passes to its repository's calls and to other modules' services. A repository
// built on the transaction and handed to `fn` (the second shape, removed in issue 37) fails here.

// The one way a repository declares it, whitespace aside.
const DECLARATION =
  /^transaction(?::|\s*=)\s*<T>\(fn: \(tx: Tx\) => Promise<T>\)(?:: Promise<T>)? => runInTransaction\(db, fn\)/;
// A `transaction` that is declared (a property, a constant, a method or a type member), not called as `x.transaction(`.
const DECLARED = /(?<![.\w$])transaction\s*(?:[:=(<])/g;
// The first argument of every repository factory called: always the shared handle, never an open transaction.
const FACTORY_CALL = /\bcreate\w*(?:Repository|Store)\(\s*([\w.]+)/g;
// The callback's parameter of every `x.transaction(…)` call.
const CALLBACK = /\.transaction\(\s*(?:async\s*)?\(?\s*(\w+)?\s*(?:[:,)]|=>)/g;
// A parameter that takes the shared handle or an open transaction (db/conn.ts's `Conn`): named `tx` as well, or
// `db` where a factory takes the shared handle.
const CONN_PARAM = /[(,]\s*(\w+)\??\s*:\s*(?:Conn|Tx)\b/g;

// Comments blanked out, lines kept (a comment may say "transaction:").
const withoutComments = (text: string) =>
  text.replace(/^[ \t]*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ''));
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

// What in one source departs from the one shape, as "file:line what".
function transactionProblems(rel: string, source: string): string[] {
  const text = withoutComments(source);
  const problems: string[] = [];
  for (const m of text.matchAll(DECLARED)) {
    const declared = text
      .slice(m.index, m.index + 300)
      .replace(/\s+/g, ' ')
      .replace(/\( /g, '(');
    if (!DECLARATION.test(declared)) {
      problems.push(`${rel}:${lineOf(text, m.index)} declares a transaction other than runInTransaction(db, fn)`);
    }
  }
  for (const m of text.matchAll(FACTORY_CALL)) {
    if (m[1] !== 'db') problems.push(`${rel}:${lineOf(text, m.index)} builds a repository on ${m[1]}`);
  }
  for (const m of text.matchAll(CALLBACK)) {
    const at = `${rel}:${lineOf(text, m.index)}`;
    if (m[1] === undefined) problems.push(`${at} opens a transaction without its repository's transaction(fn)`);
    else if (m[1] !== 'tx') problems.push(`${at} names the open transaction ${m[1]}`);
  }
  for (const m of text.matchAll(CONN_PARAM)) {
    if (m[1] !== 'tx' && m[1] !== 'db') problems.push(`${rel}:${lineOf(text, m.index)} names a Conn parameter ${m[1]}`);
  }
  return problems;
}

const modulesDir = fileURLToPath(new URL('./', import.meta.url));
// Every module source and the composition root (tests excluded).
const moduleFiles = sourceFiles(modulesDir).map((path) => ({
  rel: relative(modulesDir, path).split(sep).join('/'),
  text: readFileSync(path, 'utf8'),
}));

engineFree.describe('one transaction shape', () => {
  it('finds a repository bound to a transaction, in every way it was written (the scanner itself)', () => {
    const bound = [
      // permission and role: the repository type names the bound repository, the factory builds it on the transaction.
      'export type PermissionRepository = Queries & {',
      '  transaction: <T>(fn: (repo: PermissionRepository) => Promise<T>) => Promise<T>;',
      '};',
      'export function createPermissionRepository(db: Db): PermissionRepository {',
      '  return { ...queries(db), transaction: (fn) => runInTransaction(db, (trx) => fn(createPermissionRepository(trx))) };',
      '}',
      // member: a method signature over a store.
      'export type MemberRepository = MemberStore & { transaction<T>(fn: (trx: MemberStore) => Promise<T>): Promise<T> };',
      // a service using it.
      'await repo.transaction(async (r) => { await r.insert(v); });',
      'await repo.transaction((conn) => write(conn));',
      // Kysely's own transaction, opened beside the one entry.
      "await db.transaction().execute(async (trx) => trx.deleteFrom('x').execute());",
      // a helper taking the handle or a transaction under another name.
      'const live = (conn: Conn, id: number) => conn.selectFrom(t);',
    ].join('\n');
    expect(transactionProblems('x.ts', bound)).toEqual([
      'x.ts:2 declares a transaction other than runInTransaction(db, fn)',
      'x.ts:5 declares a transaction other than runInTransaction(db, fn)',
      'x.ts:7 declares a transaction other than runInTransaction(db, fn)',
      'x.ts:5 builds a repository on trx',
      'x.ts:8 names the open transaction r',
      'x.ts:9 names the open transaction conn',
      "x.ts:10 opens a transaction without its repository's transaction(fn)",
      'x.ts:11 names a Conn parameter conn',
    ]);

    const oneShape = [
      '// transaction: <T>(fn: (repo: X) => Promise<T>) (a comment is not code)',
      'export function createRoleRepository(db: Db) {',
      '  return {',
      '    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn),',
      '  };',
      '}',
      'const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> =>',
      '  runInTransaction(db, fn);',
      'const roles = createRoleRepository(db);',
      'await roles.transaction(async (tx) => { await roles.setPermissions(tx, 1, []); });',
      'await repo',
      '  .transaction((tx) => repo.insert(tx, v));',
      'const live = (tx: Conn, id: number) => tx.selectFrom(t);',
      'async function byId(id: number, tx?: Tx) {}',
    ].join('\n');
    expect(transactionProblems('y.ts', oneShape)).toEqual([]);
  });

  it('has every repository hand its transaction callback the open tx, and every service name it tx', () => {
    expect(moduleFiles.flatMap((f) => transactionProblems(f.rel, f.text))).toEqual([]);
    // (The scan reads the repositories that used to bind one.)
    const declaring = moduleFiles.filter((f) => /\brunInTransaction\(db, fn\)/.test(f.text)).map((f) => f.rel);
    expect(declaring).toEqual(
      expect.arrayContaining([
        'member/member.repository.ts',
        'role/role.repository.ts',
        'permission/permission.repository.ts',
      ]),
    );
  });
});
