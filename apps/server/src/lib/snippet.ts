// A text as one line: its white space folded to single spaces.
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

// A text as one short line, cut at `max` characters with an ellipsis (search results and timeline titles show a
// message's opening this way).
export function snippet(text: string, max: number): string {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

// A file name cut to `max` characters (its column's size), its extension kept: "<long name>.xlsx" stays a .xlsx when
// downloaded. Counted in characters, as varchar counts them, never splitting one.
export function fitFileName(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = chars.lastIndexOf('.');
  const extension = dot > 0 && chars.length - dot <= 10 ? chars.slice(dot) : [];
  return [...chars.slice(0, max - extension.length), ...extension].join('');
}
