// A function that builds each row of a result as one object literal (decision 300), made once per list of columns:
// `fields` pairs each key with the JavaScript expression of its value, read from `input` (the row as the driver gave
// it) and `h` (a helper passed in). A key is written as a JSON string, and `__proto__` as a computed key, which makes
// a field of that name, never the row's prototype.
export function rowLiteral<I, O>(fields: ReadonlyArray<readonly [key: string, value: string]>, h?: unknown) {
  const body = fields
    .map(([key, value]) => `${key === '__proto__' ? '["__proto__"]' : JSON.stringify(key)}: ${value}`)
    .join(', ');
  return new Function('h', `return (input) => ({ ${body} });`)(h) as (input: I) => O;
}
