// Rows gathered into lists by a key, each list in the rows' order (a page's child rows by their parent's id).
export function groupBy<R, K, V>(rows: Iterable<R>, key: (row: R) => K, value: (row: R) => V): Map<K, V[]> {
  const out = new Map<K, V[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(value(row));
    else out.set(k, [value(row)]);
  }
  return out;
}
