// A text as one short line: its white space folded to single spaces, cut at `max` characters with an ellipsis
// (search results and timeline titles show a message's opening this way).
export function snippet(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
