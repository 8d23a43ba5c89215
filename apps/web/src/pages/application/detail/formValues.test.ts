import { describe, expect, it } from 'vitest';
import type { ApplicationView } from '@study-crm/shared';
import { toBody, toFormValues } from './formValues';

describe('application form values', () => {
  it('never sends the student as memberId (the caller common parameter), and rows as JSON strings', () => {
    const view = {
      id: 3,
      version: 2,
      createdAt: 1,
      updatedAt: 1,
      name: '林小明',
      memberId: 7,
      educations: [{ school: 'NTU' }],
      jobs: [],
      languageScores: [],
      referrers: [],
      targetSchools: [],
    } as unknown as ApplicationView;
    const body = toBody(toFormValues(view));
    expect(body).not.toHaveProperty('memberId');
    expect(body).not.toHaveProperty('id');
    expect(body.studentId).toBe(7);
    expect(body.name).toBe('林小明');
    expect(JSON.parse(body.educations as string)).toEqual([{ school: 'NTU' }]);
  });
});
