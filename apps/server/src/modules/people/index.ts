// Front door of the people module: members as people (names, teacher references, "(removed)" history names).
export { createPeopleRepository } from './people.repository.js';
// Names read inside another module's statement (PostgreSQL: the application list's teachers).
export { namePerson, personPartsJson, type PersonParts } from './people.repository.js';
export { createPeopleService } from './people.service.js';
export type { PeopleService, StudentValues } from './people.service.js';
export { historyName, personRef, toMemberRef } from './people.mapper.js';
export type { MemberNameRow, MemberRef, PersonFound, PersonRow } from './people.mapper.js';
