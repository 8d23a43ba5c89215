import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ImportCheck } from '@study-crm/shared';
import { inEnglish } from '../../test/strings';
import { importSheet } from './locale';
import { CheckStatus } from './ImportDrawer';
import { UploadProgress } from '../upload/useUploads';

inEnglish(importSheet);
afterEach(cleanup);

// WCAG 4.1.3 and 4.1.2: the dry run's counts are said when they appear; the upload bars are named.
describe('the import drawer for assistive technology', () => {
  it('says the dry run counts in a status region that is there before them', () => {
    const { rerender } = render(<CheckStatus check={null} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    rerender(<CheckStatus check={{ toAdd: 3, toChange: 1, toRefuse: 2, preview: [] } as unknown as ImportCheck} />);
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Dry run done: 3 to add, 1 to change, 2 refused');
  });

  it('names each upload progress bar by its file', () => {
    render(<UploadProgress files={[{ uid: 'u1', name: 'passport.pdf', percent: 40 }]} testId="up" />);
    expect(screen.getByRole('progressbar', { name: 'passport.pdf' })).toBeTruthy();
  });
});
