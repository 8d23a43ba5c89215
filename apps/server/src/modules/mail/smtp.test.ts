import fs from 'node:fs';
import { expect, it } from 'vitest';
import { SMTP_TIMEOUT_MS } from './smtp.js';
import { engineFree } from '../../test/engine.js';

const doc = fs.readFileSync(new URL('../../../../../docs/configuration.md', import.meta.url), 'utf8');

engineFree.describe('SMTP timeouts', () => {
  it('are the ones docs/configuration.md states, and below the default delivery lease', () => {
    const stated = /SMTP timeouts \((\d+) s\)/.exec(doc);
    expect(stated, 'docs/configuration.md names the SMTP timeouts').not.toBeNull();
    expect(Number(stated![1]) * 1000).toBe(SMTP_TIMEOUT_MS);
    const lease = /\| `DELIVERY_LEASE_SECONDS` \| `(\d+)` \|/.exec(doc);
    expect(Number(lease![1]) * 1000).toBeGreaterThan(SMTP_TIMEOUT_MS);
  });
});
