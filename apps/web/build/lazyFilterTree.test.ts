import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { lazyTreeInFilterDropdown } from './lazyFilterTree';

const require = createRequire(import.meta.url);
const file = require.resolve('antd/es/table/hooks/useFilter/FilterDropdown.js');

describe('lazyFilterTree', () => {
  it("turns the installed antd's static Tree import into a lazy component", () => {
    const out = lazyTreeInFilterDropdown(fs.readFileSync(file, 'utf8'));
    expect(out).not.toMatch(/^import Tree /m);
    expect(out).toContain("React.lazy(() => import('../../../tree'))");
    // Everything else in the file is left as it was.
    expect(out.split('\n').filter((l) => l.includes('Tree')).length).toBeGreaterThan(1);
  });

  it('refuses a file it does not recognise (an antd upgrade must be looked at)', () => {
    expect(() => lazyTreeInFilterDropdown("import * as React from 'react';\n")).toThrow(/no longer applies/);
  });
});
