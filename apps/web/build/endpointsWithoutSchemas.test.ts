import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stripSchemaArgs } from './endpointsWithoutSchemas';

const endpointsDir = fileURLToPath(new URL('../../../packages/shared/src/endpoints/', import.meta.url));
const CALL = /\b(?:getCall|postCall|rawCall)\(/g;

describe('stripSchemaArgs', () => {
  it('keeps only the URL of each call, whatever its arguments hold', () => {
    const code = [
      'export const api = {',
      "  list: getCall('/api/v1/x/list', Query, pageOf(Item.extend({ n: z.number() }))),",
      '  add: postCall(',
      "    '/api/v1/x/add',",
      "    Body.refine((v) => v.a !== ')', { message: 'v.(' }),",
      '    z.object({ id: zId() }),',
      '  ),',
      "  file: rawCall('/api/v1/x/file', IdParam, 'application/pdf'),",
      '};',
    ].join('\n');
    expect(stripSchemaArgs(code)).toBe(
      [
        'export const api = {',
        "  list: getCall('/api/v1/x/list'),",
        "  add: postCall(\n    '/api/v1/x/add'),",
        "  file: rawCall('/api/v1/x/file'),",
        '};',
      ].join('\n'),
    );
  });

  it('leaves every call of the shared endpoint files with its URL and nothing else', () => {
    for (const file of fs.readdirSync(endpointsDir).filter((f) => f.endsWith('.ts'))) {
      const code = fs.readFileSync(path.join(endpointsDir, file), 'utf8');
      const out = stripSchemaArgs(code);
      const calls = [...out.matchAll(CALL)];
      expect(calls.length, file).toBe([...code.matchAll(CALL)].length);
      for (const m of calls)
        expect(out.slice(m.index), file).toMatch(/^\w+\(\s*(['`])(\/(api|admin)\/|\$\{\w+\})[^'`]*\1\)/);
    }
  });
});
