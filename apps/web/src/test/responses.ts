// A successful answer of the wire contract ({meta:{code:200}, data}), for tests that stand in for fetch.
export const okResponse = (data: unknown) =>
  new Response(JSON.stringify({ meta: { code: 200, message: 'ok' }, data }), {
    headers: { 'content-type': 'application/json' },
  });
