import type { Db } from '../../db/database.js';
import { noFiles, part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';

// Feedback the person gave (signed in, or with their e-mail address) and its replies, for the subject access export
// (issue 41).
export function createFeedbackPersonalData(db: Db) {
  return {
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const feedback = await db
        .selectFrom('feedback')
        .select([
          'id',
          'memberId',
          'name',
          'email',
          'areaCode',
          'mobile',
          'content',
          'locale',
          'status',
          'replyCount',
          'repliedAt',
          'createdAt',
        ])
        .where((eb) =>
          s.emails.length
            ? eb.or([eb('memberId', '=', s.memberId), eb('email', 'in', s.emails)])
            : eb('memberId', '=', s.memberId),
        )
        .orderBy('id')
        .execute();
      const replies = feedback.length
        ? await db
            .selectFrom('feedbackReply')
            .select(['id', 'feedbackId', 'content', 'messaged', 'createdAt'])
            .where(
              'feedbackId',
              'in',
              feedback.map((f) => f.id),
            )
            .orderBy('id')
            .execute()
        : [];
      return { parts: [part('feedback/feedback', feedback), part('feedback/feedback_reply', replies)], files: noFiles };
    },
  };
}
