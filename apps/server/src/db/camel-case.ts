import { CamelCasePlugin, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';
import { rowLiteral } from './row-literal.js';

// Kysely's CamelCasePlugin with the same mapping of a result's rows, made faster (issue 43): every row of one result
// has the same columns, so a function made once per list of columns builds each row as one object literal
// (`{ "applicationDate": row["application_date"], … }`), where the plugin builds each row a key at a time and looks
// up each key's camelCase name again. Decision 300. Nested plain objects and arrays (PostgreSQL's JSON) go through
// the plugin's own `mapRow`, as before; the query side (snake_case names in SQL) is the plugin's.
export class CamelCaseRows extends CamelCasePlugin {
  // By the result's column names, joined: a few hundred shapes at most (the app's queries); cleared if ever more.
  readonly #makers = new Map<string, (row: UnknownRow) => UnknownRow>();

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows;
    const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
    if (first === undefined || first === null || typeof first !== 'object') return super.transformResult(args);
    const columns = Object.keys(first);
    const key = columns.join('\u0000');
    let make = this.#makers.get(key);
    if (!make) {
      if (this.#makers.size >= 1000) this.#makers.clear();
      make = this.#maker(columns);
      this.#makers.set(key, make);
    }
    return { ...args.result, rows: rows.map(make) };
  }

  #maker(columns: string[]): (row: UnknownRow) => UnknownRow {
    // A field's value as the plugin maps it: an array's plain objects and a plain object get camelCase keys too.
    const nested = (value: unknown): unknown => {
      if (typeof value !== 'object' || value === null) return value;
      if (Array.isArray(value)) return value.map((it: unknown) => (plain(it) ? this.mapRow(it) : it));
      return plain(value) ? this.mapRow(value) : value;
    };
    return rowLiteral<UnknownRow, UnknownRow>(
      columns.map((c) => [this.camelCase(c), `h(input[${JSON.stringify(c)}])`]),
      nested,
    );
  }
}

// Kysely's test for an object its plugin maps (object-utils' isPlainObject): a plain object, not a Date, a Buffer or
// another class's instance.
function plain(value: unknown): value is UnknownRow {
  if (typeof value !== 'object' || value === null || Object.prototype.toString.call(value) !== '[object Object]')
    return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}
