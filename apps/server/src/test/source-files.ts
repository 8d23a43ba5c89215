import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Every TypeScript source below `dir`, tests left out: what the tests that read the code itself (table owners, the
// transaction shape) walk.
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}
