import { expect, it } from 'vitest';
import { engineFree } from '../../test/engine.js';
import { contentDisposition } from './download.js';

// A download's file name: an ASCII fallback and the UTF-8 name as RFC 8187 writes it.
engineFree.describe('content disposition', () => {
  it("percent-encodes what RFC 8187 does not allow bare (' ( ) *), keeps the fallback quoted", () => {
    expect(contentDisposition("O'Brien (CV) *final*", 'pdf', false)).toBe(
      `attachment; filename="O'Brien (CV) *final*.pdf"; filename*=UTF-8''O%27Brien%20%28CV%29%20%2Afinal%2A.pdf`,
    );
  });

  it('writes a Chinese name as UTF-8 with an underscored fallback, quotes and backslashes replaced', () => {
    expect(contentDisposition('護照 "scan"\\1', 'png', true)).toBe(
      `inline; filename="__ _scan__1.png"; filename*=UTF-8''${encodeURIComponent('護照 "scan"\\1.png')}`,
    );
  });
});
