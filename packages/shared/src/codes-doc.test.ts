import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Code } from './codes.js';

const api = fs.readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

// The codes the first column of docs/api.md's code table names (`| 7101 / 7102 / 7103 | …`).
function documentedCodes(): Set<number> {
  const table = api.slice(api.indexOf('## Codes'));
  const out = new Set<number>();
  for (const line of table.split('\n')) {
    const first = /^\|([\d /]+)\|/.exec(line)?.[1];
    for (const n of first?.split('/') ?? []) if (n.trim()) out.add(Number(n));
  }
  return out;
}

describe('the code table of docs/api.md', () => {
  it('names every code of the catalogue, and none that is not in it', () => {
    const documented = documentedCodes();
    const codes = Object.values(Code) as number[];
    expect(codes.filter((c) => !documented.has(c))).toEqual([]);
    expect([...documented].filter((c) => !codes.includes(c))).toEqual([]);
  });
});
