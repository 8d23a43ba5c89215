// The searches that opened something, newest first, kept on this device only (localStorage; never sent).
const KEY = 'sadmin-search-recent';
const MAX = 8;

export function loadRecent(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

function save(list: string[]): string[] {
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage refused (private mode, a sandboxed frame): the list lives until the page closes.
  }
  return list;
}

export const rememberSearch = (keyword: string): string[] =>
  keyword ? save([keyword, ...loadRecent().filter((k) => k !== keyword)].slice(0, MAX)) : loadRecent();

export const forgetRecent = (): string[] => save([]);
