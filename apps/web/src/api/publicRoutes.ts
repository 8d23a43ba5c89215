// The addresses of the routes that need no session: the server's public ones (its ACCESS_EXCEPTIONS;
// publicRoutes.test.ts keeps this list equal to them and to the shared endpoints' addresses). The server does not look
// at a token sent to one, so a call to one is no activity that keeps the session open (api/activity.ts, decision 376),
// even from the signed-in portal (the brand's merchant read). Written as addresses, not as the endpoints: importing
// those here regroups the login page's chunks, which costs it bytes it does not have.
export const PUBLIC_URLS: ReadonlySet<string> = new Set([
  '/api/v1/sys/code/getCode',
  '/api/v1/sys/code/genValidateCode',
  '/api/v1/sys/code/sendByEmail',
  '/api/v1/mc/auth/login/loginName',
  '/api/v1/mc/auth/login/email',
  '/api/v1/mc/oadmin/mobile/login',
  '/api/v1/mc/auth/login/twoFactor',
  '/api/v1/member/password/resetPwdByEmail/request',
  '/api/v1/member/password/resetPwdByEmail',
  '/api/v1/mc/feedbacks/submit',
  '/api/v1/content/contents/',
  '/api/v1/merchants/',
  '/api/v1/merchants/logoImg',
]);
