import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

// A web build made of these files (paths relative to it) in a temporary directory, for a block's test app
// (`WEB_DIST`); removed after the block's last test.
export function useWebDist(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'study-crm-web-'));
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body);
  }
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
