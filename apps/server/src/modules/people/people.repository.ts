import type { Transaction } from 'kysely';
import { displayName, type PersonRef } from '@study-crm/shared';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/database.js';

type Tx = Db | Transaction<Database>;
const NAME_COLUMNS = ['id', 'engLastName', 'engFirstName', 'fullName', 'email', 'mobile', 'nickName'] as const;

// Read access to members as teachers (staff) and students, for the application module.
export function createPeopleRepository(db: Db) {
  return {
    async staffOptions(): Promise<PersonRef[]> {
      const rows = await db
        .selectFrom('member')
        .select(NAME_COLUMNS)
        .where('memberType', '=', 'staff')
        .where('status', '=', 'active')
        .where('deletedAt', 'is', null)
        .orderBy('id')
        .limit(1000)
        .execute();
      return rows.map((r) => ({ id: r.id, name: displayName(r) }));
    },

    async names(ids: (number | null | undefined)[]): Promise<Map<number, PersonRef>> {
      const unique = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
      if (!unique.length) return new Map();
      const rows = await db.selectFrom('member').select(NAME_COLUMNS).where('id', 'in', unique).execute();
      return new Map(rows.map((r) => [r.id, { id: r.id, name: displayName(r) }]));
    },

    async isActiveStaff(id: number, tx: Tx = db): Promise<boolean> {
      const row = await tx
        .selectFrom('member')
        .select('id')
        .where('id', '=', id)
        .where('memberType', '=', 'staff')
        .where('status', '=', 'active')
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return !!row;
    },

    async isMember(id: number, tx: Tx = db): Promise<boolean> {
      const row = await tx
        .selectFrom('member')
        .select('id')
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return !!row;
    },

    // The member already holding this e-mail or mobile (members' unique keys), if any.
    async findByContact(
      tx: Tx,
      email: string | null,
      areaCode: string | null,
      mobile: string | null,
    ): Promise<{ id: number; memberType: string } | undefined> {
      if (email) {
        const row = await tx
          .selectFrom('member')
          .select(['id', 'memberType'])
          .where('email', '=', email)
          .where('deletedAt', 'is', null)
          .executeTakeFirst();
        if (row) return row;
      }
      if (areaCode && mobile) {
        return tx
          .selectFrom('member')
          .select(['id', 'memberType'])
          .where('areaCode', '=', areaCode)
          .where('mobile', '=', mobile)
          .where('deletedAt', 'is', null)
          .executeTakeFirst();
      }
      return undefined;
    },

    async insertStudent(
      tx: Tx,
      v: {
        fullName: string;
        engLastName: string | null;
        engFirstName: string | null;
        email: string | null;
        areaCode: string | null;
        mobile: string | null;
      },
      now: number,
    ): Promise<number | undefined> {
      // A concurrent insert of the same contact is not an error: nothing is inserted and the caller looks again.
      const row = await tx
        .insertInto('member')
        .values({
          ...v,
          loginName: null,
          passwordHash: null,
          status: 'active',
          identityStatus: 'unverified',
          memberType: 'student',
          failedLogins: 0,
          createdAt: now,
          updatedAt: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
  };
}
export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
