import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

// The health check: many overlapping checks share probes (lib/coalesce.ts), and a database that does not answer
// makes every one of them answer 503.
describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const check = () => t.app.inject({ method: 'GET', url: '/health' });

  it('answers overlapping checks, each with the database', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, check));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.map((r) => r.json().data.status)).toEqual(answers.map(() => 'ok'));
  });

  it('answers 503 to every overlapping check once the database is gone', async () => {
    await t.db.close();
    const answers = await Promise.all(Array.from({ length: 5 }, check));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 503));
    expect(answers.map((r) => r.json().data.status)).toEqual(answers.map(() => 'down'));
  });
});
