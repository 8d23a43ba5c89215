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

  // Checks the Liquid syntax, sanitises the HTML, and takes the frame from the upload or, once, from its address.
  async function fields(b: TemplateAddBody, current?: TemplateRow) {
    for (const [field, text] of [
      ['title', b.title],
      ['content', b.content],
      ['frameHtml', b.frameHtml],
    ] as const)
      if (text && !(await checkTemplate(text))) throw badRequest(field, 'v.template');
    let frameHtml = b.frameHtml ? sanitizeFrame(b.frameHtml) : null;
    const frameUrl = b.frameUrl ?? null;
    if (!frameHtml && frameUrl) {
      if (current && current.frameUrl === frameUrl && current.frameHtml) frameHtml = current.frameHtml;
      else {
        const fetched = await fetchFrame(frameUrl, frameHosts);
        if ('problem' in fetched) throw badRequest('frameUrl', fetched.problem);
        if (!(await checkTemplate(fetched.html))) throw badRequest('frameUrl', 'v.template');
        frameHtml = sanitizeFrame(fetched.html);
      }
    }
    return {
      name: b.name,
      title: b.title ?? null,
      type: b.type,
      frameUrl,
      frameHtml,
      content: b.content ? sanitizeContent(b.content) : null,
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
