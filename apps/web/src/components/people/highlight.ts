import { foldForSearch } from '@study-crm/shared';

export type TextPart = { text: string; hit: boolean };

// `text` cut into the parts that hold a word of the search and the rest, compared as the server compares
// (accents folded, case ignored), so "zoe" marks the "Zoë" of "Müller Zoë".
export function highlightParts(text: string, words: readonly string[]): TextPart[] {
  // The folded text, and for each of its characters the original character it came from.
  let folded = '';
  const from: number[] = [];
  const chars = [...text];
  let at = 0;
  chars.forEach((c) => {
    const f = c === ' ' ? ' ' : foldForSearch(c) || (/\s/.test(c) ? ' ' : '');
    for (const x of f) {
      folded += x;
      from.push(at);
    }
    at += c.length;
  });
  const hit = new Array<boolean>(text.length).fill(false);
  for (const w of words) {
    if (!w) continue;
    for (let i = folded.indexOf(w); i >= 0; i = folded.indexOf(w, i + 1)) {
      const start = from[i]!;
      const lastChar = from[i + w.length - 1]!;
      const end = lastChar + (text.codePointAt(lastChar)! > 0xffff ? 2 : 1);
      for (let k = start; k < end; k++) hit[k] = true;
    }
  }
  const parts: TextPart[] = [];
  for (let k = 0; k < text.length; k++) {
    const last = parts[parts.length - 1];
    if (last && last.hit === hit[k]) last.text += text[k];
    else parts.push({ text: text[k]!, hit: hit[k]! });
  }
  return parts;
}
