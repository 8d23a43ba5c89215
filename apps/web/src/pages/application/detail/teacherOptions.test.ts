import { describe, expect, it } from 'vitest';
import { withCurrentTeachers } from './teacherOptions';

describe('the teacher selects of the application form', () => {
  const staff = [{ value: 1, label: 'Amy Chan' }];

  it('offers a teacher who has left by name when the record names them, once', () => {
    const left = { id: 9, name: 'Ben Lee' };
    expect(withCurrentTeachers(staff, [left, left, null])).toEqual([
      { value: 1, label: 'Amy Chan' },
      { value: 9, label: 'Ben Lee' },
    ]);
  });

  it('keeps the active staff as they are, and the record’s teachers before the staff have loaded', () => {
    expect(withCurrentTeachers(staff, [{ id: 1, name: 'Amy Chan' }])).toEqual(staff);
    expect(withCurrentTeachers(undefined, [{ id: 9, name: 'Ben Lee' }])).toEqual([{ value: 9, label: 'Ben Lee' }]);
  });
});
