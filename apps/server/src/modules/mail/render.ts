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

export const SAMPLE_VARIABLES: TemplateVariables = {
  recipient: { email: 'student@example.com' },
  sender: { name: 'Study CRM', email: 'office@example.com' },
  platform: 'WEB',
  date: '2026-01-31',
  portal: { link: 'https://portal.example.com/sadmin' },
};

// Parses and renders once with sample values, so a template that cannot be sent is refused when it is saved.
export async function checkTemplate(text: string): Promise<boolean> {
  try {
    await htmlEngine.parseAndRender(text, SAMPLE_VARIABLES);
    return true;
  } catch {
    return false;
  }
}

export const renderHtml = (text: string, vars: TemplateVariables) => htmlEngine.parseAndRender(text, vars);
export const renderText = (text: string, vars: TemplateVariables) => textEngine.parseAndRender(text, vars);

const CONTENT_TAGS = [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'font', 'center', 'u', 's'];
const FRAME_TAGS = [...CONTENT_TAGS, 'html', 'head', 'body', 'title', 'meta'];
const ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  ...sanitizeHtml.defaults.allowedAttributes,
  '*': ['style', 'align', 'width', 'height', 'bgcolor', 'class', 'dir', 'lang'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  font: ['color', 'size', 'face'],
  meta: ['charset'],
};

// Stored HTML is sanitised: no scripts, event handlers, forms, frames or javascript: links.
const schemes = {
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
};
export const sanitizeContent = (html: string) =>
  sanitizeHtml(html, { allowedTags: CONTENT_TAGS, allowedAttributes: ATTRIBUTES, ...schemes });
export const sanitizeFrame = (html: string) =>
  sanitizeHtml(html, { allowedTags: FRAME_TAGS, allowedAttributes: ATTRIBUTES, ...schemes });

// Puts the content where the frame's placeholder is ({{content}} or {{ content }}); no frame: the content alone.
export function applyFrame(frame: string | null | undefined, content: string): string {
  if (!frame) return content;
  const re = /\{\{\s*content\s*\}\}/;
  return re.test(frame) ? frame.replace(re, () => content) : `${frame}${content}`;
}
