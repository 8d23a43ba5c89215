import { describe, expect, it } from 'vitest';
import { authApi, contentApi, merchantApi, PERM } from '@study-crm/shared';
import { checkException } from './access.js';

// Decision 376: a route is public exactly when its shared endpoint is marked public (`publicCall`), the mark the web
// client reads to leave the call out of the session's activity. Registration (defineRoute) runs this check.
describe('a route checked against its shared endpoint', () => {
  it('lets a public route of an endpoint marked public through, and a listed signed-in one', () => {
    expect(() => checkException({ ...merchantApi.view, access: 'public' })).not.toThrow();
    expect(() => checkException({ ...authApi.logout, access: 'signedIn' })).not.toThrow();
    expect(() => checkException({ ...contentApi.list, access: PERM.contentList })).not.toThrow();
  });

  it('refuses a public route whose endpoint is not marked public, even at a public address', () => {
    const { public: _mark, ...unmarked } = merchantApi.view;
    expect(() => checkException({ ...unmarked, access: 'public' })).toThrow(/not marked public/);
    expect(() => checkException({ ...merchantApi.update, access: 'public' })).toThrow(/not marked public/);
  });

  it('refuses an endpoint marked public on a route that needs the session', () => {
    expect(() => checkException({ ...merchantApi.view, access: PERM.merchantUpdate })).toThrow(/marked public/);
    expect(() => checkException({ ...contentApi.published, access: 'signedIn' })).toThrow(/marked public/);
  });

  it('refuses a signed-in route that ACCESS_EXCEPTIONS does not list', () => {
    expect(() => checkException({ ...merchantApi.update, access: 'signedIn' })).toThrow(/ACCESS_EXCEPTIONS/);
  });
});
