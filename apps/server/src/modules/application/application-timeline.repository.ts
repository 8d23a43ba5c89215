import type { Db } from '../../db/database.js';
import { timelinePage } from '../../db/keyset.js';
import { timelineItem, type TimelineSource } from '../../lib/timeline.js';

// The national number of an application's mobile with its area code, as E.164 (how SMS recipients are kept).
export function e164Of(areaCode: string | null, mobile: string | null): string | null {
  const cc = (areaCode ?? '').replace(/\D/g, '');
  const nn = (mobile ?? '').replace(/\D/g, '').replace(/^0+/, '');
  return cc && nn ? `+${cc}${nn}` : null;
}

// An application's timeline (decision 180): the application as a record (with its student's e-mail address and
// mobile, whose e-mails and SMS the timeline shows), and the files added to it, newest first through
// application_file (application_id, created_at, id), with who uploaded them.
export function createApplicationTimeline(db: Db) {
  return {
    async record(id: number): Promise<{ emails: string[]; phones: string[] } | undefined> {
      const r = await db
        .selectFrom('application')
        .select(['email', 'areaCode', 'mobile'])
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (!r) return undefined;
      const email = r.email?.trim();
      const phone = e164Of(r.areaCode, r.mobile);
      return {
        emails: email ? [...new Set([email, email.toLowerCase()])] : [],
        phones: phone ? [phone] : [],
      };
    },

    files:
      (applicationId: number): TimelineSource =>
      async (cursor, limit) => {
        const rows = await db
          .selectFrom('applicationFile')
          .select(['id', 'title', 'extension', 'uploaderId', 'createdAt'])
          .where('applicationId', '=', applicationId)
          .$call(timelinePage('file', cursor, limit))
          .execute();
        return rows.map((r) => timelineItem('file', r, { actorId: r.uploaderId, title: r.title, detail: r.extension }));
      },
  };
}
