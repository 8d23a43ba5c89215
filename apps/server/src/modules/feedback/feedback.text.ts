import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const strip = (s: string) =>
  sanitizeHtml(s, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' }).replace(
    /&(?:amp|lt|gt|quot|#39);/g,
    (e) => ENTITIES[e] ?? e,
  );

// Feedback and replies are plain text: every tag is removed (script and style with their content) until nothing
// that looks like a tag is left (so "&lt;b&gt;" cannot come back as a tag), control characters go, and runs of
// blank lines shrink. Output is escaped wherever it is shown (React, e-mail body), never trusted as HTML.
export function plainText(input: string, max: number): string {
  let text = input.replace(/\r\n?/g, '\n');
  for (let i = 0; i < 5; i++) {
    const next = strip(text);
    if (next === text) break;
    text = next;
  }
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      .slice(0, max)
  );
}

// The first characters of a text on one line (list column, to-do title).
export const excerpt = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
