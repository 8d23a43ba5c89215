import { expect, it } from 'vitest';
import { defaultTitle } from './file.service.js';
import { engineFree } from '../../test/engine.js';

// Issue 13, should fix: a file uploaded without a title is named by its original name.
engineFree.describe('file title', () => {
  it('names a file uploaded without a title by its original name, never by the stored path', () => {
    expect(defaultTitle('passport.pdf')).toBe('passport');
    expect(defaultTitle('C:\\scans\\visa.png')).toBe('visa');
    expect(defaultTitle('.pdf')).toBe('.pdf');
    expect(defaultTitle('a\u0000b.png')).toBe('ab');
    expect(defaultTitle('')).toBe('file');
  });
});
