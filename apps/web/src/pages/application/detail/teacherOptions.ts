import type { PersonRef } from '@study-crm/shared';

export type TeacherOption = { value: number; label: string };

// The teacher selects' options: the active staff, and the record's own teachers when they are not among them (a
// teacher who has left stays on their records, shown by name rather than as a bare number).
export function withCurrentTeachers(
  staff: TeacherOption[] | undefined,
  current: readonly (PersonRef | null | undefined)[],
): TeacherOption[] {
  const options = [...(staff ?? [])];
  for (const person of current) {
    if (person && !options.some((o) => o.value === person.id)) options.push({ value: person.id, label: person.name });
  }
  return options;
}
