// The bare Fastify route the benches compare the app with (issue 43): a process of its own, no plugins, no logger,
// one GET route answering the body it is given (the trivial call's own envelope, so the bytes on the wire match).
// The parent sends { body } over IPC and gets { port } back; it sends 'stop' to end it.
import Fastify from 'fastify';

export type BareRequest = { type: 'start'; body: string } | { type: 'stop' };

const app = Fastify({ logger: false });
let body = '{}';
app.get('/bare', async (_req, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));

process.on('disconnect', () => process.exit(0));
process.on('message', (m: BareRequest) => {
  if (m.type === 'stop') {
    void app.close().then(() => {
      process.send?.({ ok: true, data: {} });
      setImmediate(() => process.exit(0));
    });
    return;
  }
  body = m.body;
  app.listen({ host: '127.0.0.1', port: 0 }).then(
    () => {
      const address = app.server.address();
      process.send?.({ ok: true, data: { port: typeof address === 'object' && address ? address.port : 0 } });
    },
    (err: unknown) => process.send?.({ ok: false, error: String(err) }),
  );
});
