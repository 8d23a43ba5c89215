import { Liquid } from 'liquidjs';
import sanitizeHtml from 'sanitize-html';

// Liquid with no file system, no includes of outside files and only own properties of the variables we pass:
// a template can show data, never run code. HTML output escapes values; subjects are plain text.
// `templates: {}` is an empty in-memory file system: {% include %}, {% render %} and {% layout %} find nothing.
// The limits stop a template that would loop or grow without end.
const engineOptions = {
  ownPropertyOnly: true,
  strictFilters: true,
  relativeReference: false,
  templates: {},
  parseLimit: 1_000_000,
  renderLimit: 1000,
  memoryLimit: 10_000_000,
} as const;
const htmlEngine = new Liquid({ ...engineOptions, outputEscape: 'escape' });
const textEngine = new Liquid(engineOptions);

// The variables a template may use. Values the send does not know are left empty.
export type TemplateVariables = {
  recipient: { email: string };
  sender: { name: string; email: string };
  platform: string;
  date: string;
  portal: { link: string };
};

// The variables of an application chosen when the e-mail is written (filled in when it is added, decision 33).
export type ApplicationVariables = {
  student: { name: string; engName: string; email: string };
  application: { status: string; date: string; targetSchools: string };
  teacher: { signing: string; follow: string };
};

export const SAMPLE_VARIABLES: TemplateVariables & ApplicationVariables = {
  recipient: { email: 'student@example.com' },
  sender: { name: 'Study CRM', email: 'office@example.com' },
  platform: 'WEB',
  date: '2026-01-31',
  portal: { link: 'https://portal.example.com/sadmin' },
  student: { name: '王小明', engName: 'Xiaoming Wang', email: 'student@example.com' },
  application: { status: 'Applying', date: '2026-01-15', targetSchools: 'University of Oxford, UCL' },
  teacher: { signing: 'Teacher Chen', follow: 'Teacher Lin' },
};

// An output tag of an application variable, e.g. {{ student.name }} or {{ teacher.follow | upcase }}.
const APPLICATION_OUTPUT = /\{\{-?\s*((?:student|application|teacher)\.[^{}]*?)\s*-?\}\}/g;
export const usesApplicationVariables = (text: string) => new RegExp(APPLICATION_OUTPUT.source).test(text);

// Replaces the application variables' output tags by their values (HTML-escaped in HTML), leaving every other tag
// for the per-recipient render at send time. A value can never become Liquid: its braces are neutralised.
export async function fillApplicationVariables(
  text: string,
  vars: ApplicationVariables,
  kind: 'html' | 'text',
): Promise<string> {
  const engine = kind === 'html' ? htmlEngine : textEngine;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(APPLICATION_OUTPUT)) {
    const value = await engine.parseAndRender(`{{ ${m[1]} }}`, vars);
    // A filter (raw, url_decode, base64_decode…) can turn a value into markup: HTML values are sanitised here,
    // before their braces become entities (sanitising later would decode them back into Liquid).
    const safe =
      kind === 'html'
        ? sanitizeContent(value).replaceAll('{', '&#123;').replaceAll('}', '&#125;')
        : value.replace(/\{(?=[{%])/g, '{ ');
    out += text.slice(last, m.index) + safe;
    last = m.index + m[0].length;
  }
  return out + text.slice(last);
}

// A Liquid tag's comparison in stored HTML (`{% if score &gt;= 6.5 %}`): the sanitiser writes `>`, `<`, `&` and `"`
// of text as entities, which Liquid cannot parse. They are read back inside each `{% … %}` just before Liquid parses
// it (decision 301); the stored HTML keeps its entities, and what Liquid writes is escaped and sanitised as before.
const LIQUID_TAG = /\{%[\s\S]*?%\}/g;
const ENTITIES: Record<string, string> = { '&gt;': '>', '&lt;': '<', '&amp;': '&', '&quot;': '"', '&#39;': "'" };
const ENTITY = new RegExp(Object.keys(ENTITIES).join('|'), 'g');
const liquidSource = (text: string) => text.replace(LIQUID_TAG, (tag) => tag.replace(ENTITY, (e) => ENTITIES[e]!));

// Parses and renders once with sample values, so a template that cannot be sent is refused when it is saved.
export async function checkTemplate(text: string): Promise<boolean> {
  try {
    await htmlEngine.parseAndRender(liquidSource(text), SAMPLE_VARIABLES);
    return true;
  } catch {
    return false;
  }
}

// What Liquid writes is sanitised again: filters (raw, url_decode, base64_decode, append, replace…) rebuild from
// harmless-looking text the markup the sanitiser removed when the template was stored (issue 38).
export const renderHtml = async (text: string, vars: TemplateVariables) =>
  sanitizeFrame(await htmlEngine.parseAndRender(liquidSource(text), vars));
export const renderText = (text: string, vars: TemplateVariables) =>
  textEngine.parseAndRender(liquidSource(text), vars);

const CONTENT_TAGS = [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'font', 'center', 'u', 's'];
const FRAME_TAGS = [...CONTENT_TAGS, 'html', 'head', 'body', 'title', 'meta'];
const ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  ...sanitizeHtml.defaults.allowedAttributes,
  '*': ['style', 'align', 'width', 'height', 'bgcolor', 'class', 'dir', 'lang'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  font: ['color', 'size', 'face'],
  meta: ['charset'],
};

// An inline style's value that fetches or runs nothing: words (font names in any script too), numbers, units,
// colours, quotes, commas, the slash of `font: 14px/1.5 …`, and the colour functions; no url(), expression(), var(),
// image-set(), escape or comment (a slash alone opens none: a comment needs `/*`, refused with the `*`).
const STYLE_VALUE = /^(?:[-#%.,/\s'"\p{L}\p{N}_]|(?:rgba?|hsla?)\([\d\s.,%/]*\))*$/u;
const SIDES = ['', '-top', '-right', '-bottom', '-left'];
// The inline style properties kept (decision 299): what an e-mail's text and tables are laid out with. Others are
// dropped, among them those that fetch (background, background-image, list-style-image, cursor, behavior) or lift
// text out of its place over the client's own (position, top, left, z-index, transform).
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'text-align',
  'text-decoration',
  'text-indent',
  'text-transform',
  'line-height',
  'letter-spacing',
  'white-space',
  'vertical-align',
  'direction',
  'display',
  'list-style-type',
  'width',
  'min-width',
  'max-width',
  'height',
  'min-height',
  'max-height',
  'border-collapse',
  'border-spacing',
  'border-radius',
  'border-color',
  'border-style',
  'border-width',
  'table-layout',
  ...SIDES.flatMap((side) => [`margin${side}`, `padding${side}`, `border${side}`]),
];
const allowedStyles = { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [STYLE_VALUE]])) };

// Stored HTML is sanitised: no scripts, event handlers, forms, frames or javascript: links; inline styles keep only
// the properties above, with values that fetch nothing.
const schemes = {
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
};
export const sanitizeContent = (html: string) =>
  sanitizeHtml(html, { allowedTags: CONTENT_TAGS, allowedAttributes: ATTRIBUTES, allowedStyles, ...schemes });
export const sanitizeFrame = (html: string) =>
  sanitizeHtml(html, { allowedTags: FRAME_TAGS, allowedAttributes: ATTRIBUTES, allowedStyles, ...schemes });

// Puts the content where the frame's placeholder is ({{content}} or {{ content }}); no frame: the content alone.
export function applyFrame(frame: string | null | undefined, content: string): string {
  if (!frame) return content;
  const re = /\{\{\s*content\s*\}\}/;
  return re.test(frame) ? frame.replace(re, () => content) : `${frame}${content}`;
}

// Stored (sanitised) HTML as plain text: block ends become new lines, tags are dropped, entities decoded.
export function htmlToText(html: string | null): string {
  if (!html) return '';
  const text = sanitizeHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6])>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
