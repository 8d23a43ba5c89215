import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import { z } from 'zod';
import { disableZodJit } from './csp-setup';

describe('csp-setup', () => {
  it("turns zod's compiler off through the global zod reads its settings from", () => {
    disableZodJit();
    expect(config().jitless).toBe(true);
  });

  it('leaves zod validating objects without compiling them', () => {
    disableZodJit();
    const compile = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(compile, {
      construct(target, args) {
        compiled++;
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ name: z.string().max(3), n: z.number() });
      expect(schema.safeParse({ name: 'abc', n: 1 }).success).toBe(true);
      expect(schema.safeParse({ name: 'abcd', n: 1 }).success).toBe(false);
    } finally {
      globalThis.Function = compile;
    }
    expect(compiled).toBe(0);
  });
});
