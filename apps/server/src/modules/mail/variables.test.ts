import { expect } from 'vitest';
import { APPLICATION_MAIL_VARIABLES, EVERY_MAIL_VARIABLE, MAIL_VARIABLES } from '@study-crm/shared';
import { engineFree } from '../../test/engine.js';
import { renderText, SAMPLE_VARIABLES, usesApplicationVariables } from './render.js';

// The variables the e-mail editor offers (packages/shared) are the ones a send fills in.
engineFree.describe("the e-mail editor's variables", () => {
  engineFree.it('each names a value the renderer has', async () => {
    for (const v of EVERY_MAIL_VARIABLE) expect(await renderText(`{{ ${v} }}`, SAMPLE_VARIABLES), v).not.toBe('');
  });
  engineFree.it('needs an application exactly when it is an application variable', () => {
    for (const v of MAIL_VARIABLES) expect(usesApplicationVariables(`{{ ${v} }}`), v).toBe(false);
    for (const v of APPLICATION_MAIL_VARIABLES) expect(usesApplicationVariables(`{{ ${v} }}`), v).toBe(true);
  });
});
