// A text as one line: its white space folded to single spaces.
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

// A text as one short line, cut at `max` characters with an ellipsis (search results and timeline titles show a
// message's opening this way).
export function snippet(text: string, max: number): string {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
