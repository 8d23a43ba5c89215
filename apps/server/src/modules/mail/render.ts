import { Liquid } from 'liquidjs';
import sanitizeHtml from 'sanitize-html';

// Liquid with no file system, no includes of outside files and only own properties of the variables we pass:
// a template can show data, never run code. HTML output escapes values; subjects are plain text.
const engineOptions = { ownPropertyOnly: true, strictFilters: true, relativeReference: false } as const;
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

export function checkTemplate(text: string): boolean {
  try {
    htmlEngine.parse(text);
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
