import { describe, expect, it } from 'vitest';
import { shouldAutoLink } from './RichTextEditor';

describe('the editor links typed text by itself only when it is plainly an address', () => {
  it('leaves template variables alone, though they read as domain names', () => {
    for (const variable of ['recipient.email', 'student.name', 'sender.name', 'portal.link', 'application.date'])
      expect(shouldAutoLink(variable), variable).toBe(false);
  });
  it('links a web address with its scheme or www., and an e-mail address', () => {
    for (const address of [
      'https://www.ucas.com',
      'http://example.com/a',
      'www.gov.uk',
      'mailto:a@b.uk',
      'amy@e2e.example.com',
    ])
      expect(shouldAutoLink(address), address).toBe(true);
  });
});
