import { z } from 'zod';

export * from './envelope.js';

// Form-urlencoded values arrive as strings; the server maps '' to null before validation
// (spec section 7: nulls travel as empty strings), so optional fields are `.nullish()`.
// These builders accept both the string form and the JSON form of a value.
const toNumber = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;

// Ids and integers stay inside the database's 32-bit integer columns (PostgreSQL refuses 2^31 with an error). The
// range is checked before `int()`, so a huge number is told the column's bound first (not JavaScript's safe-integer
// one), and an id of 0 that it must be at least 1.
export const INT_MAX = 2147483647;
const zInt32 = () =>
  z
    .number()
    .min(-INT_MAX - 1)
    .max(INT_MAX)
    .int();
const zId32 = () => z.number().min(1).max(INT_MAX).int();
export const zInt = () => z.preprocess(toNumber, zInt32());
export const zId = () => z.preprocess(toNumber, zId32());
// A keyset cursor of its list's `pattern` whose id (its last digits; the patterns allow ten) fits the id columns:
// a larger one would reach the database as a bound PostgreSQL refuses (a 500), so it is the caller's bad cursor.
export const isCursor = (pattern: RegExp, v: string): boolean =>
  pattern.test(v) && Number(/\d+$/.exec(v)?.[0]) <= INT_MAX;
// The one `{ id }` schema: the record id of every view/remove call (query or body).
export const IdParam = z.object({ id: zId().describe('record id') });
// A time as epoch milliseconds (beyond the 32-bit zInt), from a form's string or JSON's number; up to year 9999.
export const EPOCH_MS_MAX = 253402300799999;
export const zEpochMs = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v) ? Number(v) : v),
    z.number().int().min(0).max(EPOCH_MS_MAX),
  );
export const zText = (max: number) => z.string().trim().min(1).max(max);
export const zOptText = (max: number) => z.string().trim().max(max).nullish();
export const zFlag = () => z.preprocess(toNumber, z.union([z.literal(0), z.literal(1)]));
// The items of a comma-separated form value, trimmed, the empty ones left out; any other value as it came (an
// array sent as JSON).
export const commaItems = (v: unknown): unknown =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : v;
export const zIdList = () =>
  z.preprocess((v) => {
    const items = commaItems(v);
    return Array.isArray(items) ? items.map(toNumber) : items;
  }, z.array(zId32()).max(1000));

export const PAGE_SIZE_MAX = 200;
export const zPaging = z.object({
  pageNum: zInt().pipe(z.number().min(1)).nullish().describe('1-based page number, default 1'),
  pageSize: zInt().pipe(z.number().min(1).max(PAGE_SIZE_MAX)).nullish().describe('rows per page, default 20'),
  order: z.enum(['asc', 'desc']).nullish().describe('sort direction, default desc'),
});
export type Paging = z.infer<typeof zPaging>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

export const zEmpty = z.null();
