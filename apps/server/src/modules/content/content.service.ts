import type {
  ContentAddInput,
  ContentItem,
  ContentListInput,
  ContentUpdateInput,
  Merchant,
  MerchantUpdateInput,
  Page,
  PublishedContent,
} from '@study-crm/shared';
import { badRequest, found, notFound, staleCopy } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import { isImage, MIME, type FileStorage, type StoredFileInfo, type Upload } from '../files/index.js';
import { toContent, toMerchant, toPublished } from './content.mapper.js';
import type { ContentRepository } from './content.repository.js';

const PUBLISHED_DEFAULT = 5;

// Announcements (content items) and the merchant record (issue 21). Bodies are plain text, escaped where shown.
export function createContentService(deps: { repo: ContentRepository; storage: FileStorage; clock: Clock }) {
  const { repo, storage, clock } = deps;

  const fields = (b: ContentAddInput) => ({
    title: b.title,
    body: b.body,
    locale: b.locale ?? 'all',
    status: b.status ?? 'draft',
    pinned: b.pinned ?? 0,
    publishFrom: b.publishFrom ?? null,
    publishTo: b.publishTo ?? null,
  });

  async function view(id: number): Promise<ContentItem> {
    const row = found(await repo.byId(id));
    return toContent(row);
  }

  async function merchant(): Promise<Merchant> {
    const row = found(await repo.merchant());
    return toMerchant(row);
  }

  return {
    async published(locale?: 'zh-TW' | 'zh-CN' | 'en-US' | null, limit?: number | null): Promise<PublishedContent[]> {
      return (await repo.published(clock.now(), locale, limit ?? PUBLISHED_DEFAULT)).map(toPublished);
    },

    async list(q: ContentListInput): Promise<Page<ContentItem>> {
      const w = pageWindow(q);
      const { rows, total } = await repo.page(q, w);
      return pageResult(rows.map(toContent), total, w);
    },

    async add(b: ContentAddInput, by: number): Promise<ContentItem> {
      const now = clock.now();
      return view(await repo.insert({ ...fields(b), createdBy: by, createdAt: now, updatedAt: now }));
    },

    async update(b: ContentUpdateInput): Promise<ContentItem> {
      if (!(await repo.byId(b.id))) throw notFound();
      if (!(await repo.update(b.id, { ...fields(b), updatedAt: clock.now() }, b.version))) throw staleCopy();
      return view(b.id);
    },

    async remove(id: number): Promise<null> {
      if (!(await repo.remove(id))) throw notFound();
      return null;
    },

    merchant,

    async updateMerchant(b: MerchantUpdateInput, by: number): Promise<Merchant> {
      const saved = await repo.updateMerchant(
        {
          nameTw: b.nameTw,
          nameCn: b.nameCn,
          nameEn: b.nameEn,
          contactEmail: b.contactEmail ? b.contactEmail.toLowerCase() : null,
          updatedBy: by,
          updatedAt: clock.now(),
        },
        b.version,
      );
      if (!saved) throw staleCopy();
      return merchant();
    },

    // The logo: an image checked by its content (PNG, JPEG, GIF); the previous file is removed once the new one is
    // recorded. It is public (the login page shows it).
    async uploadLogo(upload: Upload | undefined, by: number): Promise<Merchant> {
      if (!upload) throw badRequest('file', 'v.required');
      const saved = await storage.save(upload);
      if (!isImage(saved.extension)) {
        await storage.remove(saved.storedName);
        throw badRequest('file', 'v.logoImage', { file: upload.fileName.slice(0, 120) });
      }
      await replaceLogo(saved.storedName, by);
      return merchant();
    },

    async removeLogo(by: number): Promise<Merchant> {
      await replaceLogo(null, by);
      return merchant();
    },

    async openLogo(): Promise<StoredFileInfo> {
      const name = (await repo.merchant())?.logoFile;
      if (!name) throw notFound();
      const file = await storage.open(name);
      const extension = name.slice(name.lastIndexOf('.') + 1);
      return { ...file, title: 'logo', extension, mime: MIME[extension] ?? 'application/octet-stream' };
    },

    // Uploads the merchant keeps (the orphan sweep leaves them).
    referenced: (names: readonly string[]) => repo.referencedLogos(names),
  };

  async function replaceLogo(storedName: string | null, by: number): Promise<void> {
    const previous = (await repo.merchant())?.logoFile ?? null;
    await repo.updateMerchant({ logoFile: storedName, updatedBy: by, updatedAt: clock.now() });
    if (previous && previous !== storedName) await storage.remove(previous);
  }
}
export type ContentService = ReturnType<typeof createContentService>;
