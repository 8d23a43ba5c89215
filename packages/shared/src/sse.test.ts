import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse.js';

const parse = (pieces: string[]) => {
  const out: SseMessage[] = [];
  const p = createSseParser((m) => out.push(m));
  for (const piece of pieces) p.feed(piece);
  p.end();
  return out;
};

describe('server-sent events parser', () => {
  it('reads events, their names, multi-line data and ids', () => {
    expect(parse(['event: delta\ndata: {"text":"a"}\n\n', 'data: line1\ndata: line2\nid: 7\n\n'])).toEqual([
      { event: 'delta', data: '{"text":"a"}', id: null },
      { event: 'message', data: 'line1\nline2', id: '7' },
    ]);
  });

  it('joins events split anywhere, with LF, CRLF or CR line ends, and a BOM', () => {
    const text = '\uFEFFevent: start\r\ndata: {"a":1}\r\n\r\nevent: done\rdata: x\r\r';
    const whole = parse([text]);
    expect(whole).toEqual([
      { event: 'start', data: '{"a":1}', id: null },
      { event: 'done', data: 'x', id: null },
    ]);
    for (let cut = 1; cut < text.length; cut++) expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    expect(parse(text.split(''))).toEqual(whole);
  });

  it('skips comments and events without data, and drops an unfinished event at the end', () => {
    expect(parse([': ping\n\nevent: empty\n\ndata:no-space\n\ndata: cut off'])).toEqual([
      { event: 'message', data: 'no-space', id: null },
    ]);
  });
});
