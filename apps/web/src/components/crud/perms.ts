import { PERM } from '@study-crm/shared';

type PermName = keyof typeof PERM;

// The resources whose add, update and remove permissions share a prefix (tag: tagAdd, tagUpdate, tagRemove).
export type CrudPrefix = {
  [K in PermName]: K extends `${infer P}Add` ? (`${P}Update` | `${P}Remove` extends PermName ? P : never) : never;
}[PermName];

export type CrudPerms = { add: string; update: string; remove: string };

// The add/update/remove permissions of a resource, from the prefix of their names.
export const crudPerms = (prefix: CrudPrefix): CrudPerms => ({
  add: PERM[`${prefix}Add` as PermName],
  update: PERM[`${prefix}Update` as PermName],
  remove: PERM[`${prefix}Remove` as PermName],
});
