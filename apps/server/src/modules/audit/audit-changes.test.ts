import { describe, expect, it } from 'vitest';
import { changesOf } from './audit-changes.js';

describe("an entry's changes", () => {
  it('reads the changed fields; nothing for an entry holding something else (the retention report)', () => {
    const change = { id: 1, field: 'name', before: 'a', after: 'b' };
    expect(changesOf({ changes: JSON.stringify([change]) })).toEqual([change]);
    expect(changesOf({ changes: JSON.stringify({ counts: { auditEntries: 3 } }) })).toEqual([]);
    expect(changesOf({ changes: '{not json' })).toEqual([]);
    expect(changesOf({ changes: null })).toEqual([]);
  });
});
