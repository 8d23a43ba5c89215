import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.js';

// A form sends a field it has no value for as '' and the server reads '' as null (spec section 7), so a field a
// caller may leave out must also take null: `.optional()` alone refused "email=" with "email is required"
// (issue 36, replacing a bound e-mail).
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return objectShape(schema.in as z.ZodType);
  return null;
}

type Call = { method: string; url: string; query?: z.ZodType; body?: z.ZodType };
const isCall = (v: unknown): v is Call =>
  !!v && typeof v === 'object' && typeof (v as Call).url === 'string' && typeof (v as Call).method === 'string';

const calls = Object.values(shared)
  .filter((v): v is Record<string, unknown> => !!v && typeof v === 'object' && !(v instanceof z.ZodType))
  .flatMap((group) => Object.values(group).filter(isCall));

describe('request fields a caller may leave out', () => {
  it('finds the calls of the contract', () => {
    expect(calls.length).toBeGreaterThan(100);
  });

  it('take an empty value (null) wherever they take no value', () => {
    const traps: string[] = [];
    for (const call of calls) {
      for (const schema of [call.query, call.body]) {
        const shape = schema ? objectShape(schema) : null;
        for (const [name, field] of Object.entries(shape ?? {})) {
          if (field.safeParse(undefined).success && !field.safeParse(null).success)
            traps.push(`${call.method} ${call.url} ${name}`);
        }
      }
    }
    expect(traps).toEqual([]);
  });

  it('leave the e-mail and the mobile out of a code to the current address when sent empty', () => {
    const email = shared.EmailCodeRequestBody.safeParse({ purpose: 'rebindOld', email: null });
    expect(email.success).toBe(true);
    const mobile = shared.MobileCodeRequestBody.safeParse({ purpose: 'unbind', areaCode: null, mobile: null });
    expect(mobile.success).toBe(true);
  });
});

// appId, mcId, token and memberId travel with every call and mean the caller (spec section 7, decision 13): the
// gateway reads them before the route does. A call's own field of one of these names would either be refused as
// another member's (memberId) or silently read as the caller: a filter "who acted" named memberId did both.
describe('the common parameters', () => {
  it('are never a field of a call of its own', () => {
    const reused: string[] = [];
    for (const call of calls) {
      for (const schema of [call.query, call.body]) {
        for (const name of Object.keys((schema ? objectShape(schema) : null) ?? {}))
          if (['appId', 'mcId', 'token', 'memberId'].includes(name)) reused.push(`${call.method} ${call.url} ${name}`);
      }
    }
    expect(reused).toEqual([]);
  });
});
