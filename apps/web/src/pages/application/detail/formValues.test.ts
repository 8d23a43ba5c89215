import { describe, expect, it } from 'vitest';
import type { ApplicationView } from '@study-crm/shared';
import { sharedRuleErrors, toBody, toFormValues, type FormValues } from './formValues';

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

  it("checks the replies by the server's own rule: no insurance beside an unconditional firm choice", () => {
    const values = {
      name: '林小明',
      email: 'lin@example.com',
      targetSchools: [
        { school: 'UCL', route: 'ucas', decision: 'unconditional', reply: 'firm' },
        { school: 'KCL', route: 'ucas', decision: 'conditional', reply: 'insurance' },
        { school: 'LSE', route: 'ucas', decision: 'pending', reply: 'declined' },
      ],
    } as unknown as FormValues;
    const replies = sharedRuleErrors(values).filter((e) => e.name[0] === 'targetSchools');
    expect(replies.map((e) => e.name)).toEqual([
      ['targetSchools', 1, 'reply'],
      ['targetSchools', 2, 'reply'],
    ]);
  });
});
