import { describe, expect, it } from 'vitest';
import { linkHref } from './linkHref';

describe("the editor's link dialog", () => {
  it('keeps a web or mail address with its scheme', () => {
    for (const href of ['https://www.ucas.com/apply?x=1#a', 'http://example.com', 'mailto:amy@example.com'])
      expect(linkHref(`  ${href} `), href).toBe(href);
  });
  it('completes an address written without its scheme', () => {
    expect(linkHref('www.gov.uk/student-visa')).toBe('https://www.gov.uk/student-visa');
    expect(linkHref('ucas.com')).toBe('https://ucas.com');
    expect(linkHref('amy@e2e.example.com')).toBe('mailto:amy@e2e.example.com');
  });
  it('refuses any other scheme, spaces, control characters and what is not an address', () => {
    for (const typed of [
      '',
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'https://exa mple.com',
      'https://example.com/\u0000',
      'mailto:',
      'https://',
      'hello',
      '{{ student.name }}',
    ])
      expect(linkHref(typed), typed).toBeUndefined();
  });
});
