import type {
  Page,
  Template,
  TemplateAddBody,
  TemplateListQuery,
  TemplateOption,
  TemplateUpdateBody,
} from '@study-crm/shared';
import { badRequest, found, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { fetchFrame } from './frame-fetch.js';
import type { MailRepository, TemplateRow } from './mail.repository.js';
import { checkTemplate, sanitizeContent, sanitizeFrame } from './render.js';
import { mapPage } from '../../lib/paging.js';

export const toTemplate = (r: TemplateRow): Template => ({
  id: r.id,
  name: r.name,
  title: r.title,
  type: r.type,
  frameUrl: r.frameUrl,
  frameHtml: r.frameHtml,
  content: r.content,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export function createTemplateService(deps: { repo: MailRepository; clock: Clock; frameHosts: string[] }) {
  const { repo, clock, frameHosts } = deps;

  async function row(id: number) {
    const r = found(await repo.template(id));
    return r;
  }

  // Sanitises the HTML, takes the frame from the upload or, once, from its address, and checks the Liquid syntax of
  // the text as it is stored: sanitising can break a tag (`{% if a <b %}` reads as an HTML tag), and a template
  // stored so would fail every e-mail that uses it at send time.
  async function fields(b: TemplateAddBody, current?: TemplateRow) {
    const content = b.content ? sanitizeContent(b.content) : null;
    const uploaded = b.frameHtml ? sanitizeFrame(b.frameHtml) : null;
    for (const [field, text] of [
      ['title', b.title],
      ['content', content],
      ['frameHtml', uploaded],
    ] as const)
      if (text && !(await checkTemplate(text))) throw badRequest(field, 'v.template');
    let frameHtml = uploaded;
    const frameUrl = b.frameUrl ?? null;
    if (!frameHtml && frameUrl) {
      if (current && current.frameUrl === frameUrl && current.frameHtml) frameHtml = current.frameHtml;
      else {
        const fetched = await fetchFrame(frameUrl, frameHosts);
        if ('problem' in fetched) throw badRequest('frameUrl', fetched.problem);
        frameHtml = sanitizeFrame(fetched.html);
        if (!(await checkTemplate(frameHtml))) throw badRequest('frameUrl', 'v.template');
      }
    }
    return {
      name: b.name,
      title: b.title ?? null,
      type: b.type,
      frameUrl,
      frameHtml,
      content,
    };
  }

  return {
    view: async (id: number) => toTemplate(await row(id)),
    row,

    list: async (q: TemplateListQuery): Promise<Page<Template>> => mapPage(await repo.templatePage(q), toTemplate),

    options: (type?: string | null): Promise<TemplateOption[]> => repo.templateOptions(type),

    async add(b: TemplateAddBody): Promise<Template> {
      const now = clock.now();
      const id = await repo.insertTemplate({ ...(await fields(b)), createdAt: now, updatedAt: now });
      return toTemplate(await row(id));
    },

    async update(b: TemplateUpdateBody): Promise<Template> {
      const current = await row(b.id);
      await repo.updateTemplate(b.id, { ...(await fields(b, current)), updatedAt: clock.now() });
      return toTemplate(await row(b.id));
    },

    async remove(id: number): Promise<null> {
      if (!(await repo.deleteTemplate(id))) throw notFound();
      return null;
    },
  };
}
export type TemplateService = ReturnType<typeof createTemplateService>;
