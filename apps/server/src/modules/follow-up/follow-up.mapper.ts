import type { FollowUp, PersonRef } from '@study-crm/shared';
import type { FollowUpRow } from './follow-up.repository.js';
import { personRef } from '../people/index.js';

// The one place a follow-up row becomes a response; teacher names come from the people module.
export function toFollowUp(r: FollowUpRow, names: Map<number, PersonRef>): FollowUp {
  return {
    id: r.id,
    applicationId: r.applicationId,
    number: r.number,
    service: r.service,
    isDone: r.isDone,
    signingTeacher: personRef(names, r.signingTeacherId),
    followTeacher: personRef(names, r.followTeacherId),
    appliedSchool: r.appliedSchool,
    attendedSchool: r.attendedSchool,
    internalNote: r.internalNote,
    contractDate: r.contractDate,
    status: r.status,
    businessType: r.businessType,
    doneAt: r.doneAt,
    createdAt: r.createdAt,
  };
}
