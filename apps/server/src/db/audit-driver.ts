import {
  DefaultQueryExecutor,
  Kysely,
  SingleConnectionProvider,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { currentAuditScope, type AuditScope } from '../lib/audit-scope.js';
import { readBeforeOn, writesRows } from './audit.js';
import { CamelCaseRows } from './camel-case.js';
import type { Database } from './schema.js';

// The audit log's reads around a call's writes (docs/audit.md, decision 331). An audited call's declared records are
// read as they were just before its first write, on the connection that write runs on: inside its transaction when
// it has one, and there on PostgreSQL with the records' rows locked until it ends. So calls racing on one record each
// record what they changed, from what the call before them left (read as the call began, a write by another call in
// between was put down to this one), and a call that writes nothing reads nothing (a background job still reads its
// records as it starts: http/audit.ts). Every statement of a call that writes (any table but the audit log) marks its
// scope, also a statement compiled once (db/compiled.ts), which Kysely's plugins see only when it is built.

// The dialect's driver, each connection it hands out wrapped: the same connections, statements and transactions.
export function auditedDialect(dialect: Dialect, opts: { lockRows: boolean }): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new AuditedDriver(dialect, opts.lockRows),
  };
}

class AuditedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    readonly driver: AuditedDriver,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const scope = currentAuditScope();
    if (scope === undefined || !writesRows(query)) return this.inner.executeQuery(query);
    return this.#write(scope, query);
  }

  async #write<R>(scope: AuditScope, query: CompiledQuery): Promise<QueryResult<R>> {
    await this.driver.readBefore(scope, this);
    scope.dirty = true;
    return this.inner.executeQuery(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery(query, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection) => (connection as AuditedConnection).inner;

class AuditedDriver implements Driver {
  readonly #dialect: Dialect;
  readonly #inner: Driver;
  readonly #lockRows: boolean;
  readonly #compiler: QueryCompiler;
  readonly #adapter: DialectAdapter;
  readonly #wrapped = new WeakMap<DatabaseConnection, AuditedConnection>();
  // A Kysely on each connection for the audit's own reads there (they are not the call's writes).
  readonly #readers = new WeakMap<DatabaseConnection, Kysely<Database>>();

  constructor(dialect: Dialect, lockRows: boolean) {
    this.#dialect = dialect;
    this.#inner = dialect.createDriver();
    this.#lockRows = lockRows;
    this.#compiler = dialect.createQueryCompiler();
    this.#adapter = dialect.createAdapter();
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.#inner.acquireConnection();
    let connection = this.#wrapped.get(inner);
    if (!connection) this.#wrapped.set(inner, (connection = new AuditedConnection(inner, this)));
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.#inner.beginTransaction(innerOf(connection), settings);
    (connection as AuditedConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as AuditedConnection).inTransaction = false;
    await this.#inner.commitTransaction(innerOf(connection));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as AuditedConnection).inTransaction = false;
    await this.#inner.rollbackTransaction(innerOf(connection));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }

  // The scope's records as they are, read once before the call's first write on that write's connection (a second
  // write of the call waits for the same read).
  readBefore(scope: AuditScope, connection: AuditedConnection): Promise<void> {
    scope.beforeRead ??= readBeforeOn(
      this.#reader(connection.inner),
      scope,
      this.#lockRows && connection.inTransaction,
    );
    return scope.beforeRead;
  }

  #reader(inner: DatabaseConnection): Kysely<Database> {
    let reader = this.#readers.get(inner);
    if (!reader) {
      const executor = new DefaultQueryExecutor(this.#compiler, this.#adapter, new SingleConnectionProvider(inner), [
        new CamelCaseRows(),
      ]);
      reader = new Kysely<Database>({
        config: { dialect: this.#dialect },
        dialect: this.#dialect,
        driver: this,
        executor,
      });
      this.#readers.set(inner, reader);
    }
    return reader;
  }
}
