import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';

export type GatewayRequest = { to: string; content: string; from: string | null; key: string | undefined };

// A local HTTP SMS gateway speaking the generic gateway protocol (docs/configuration.md): it checks the HMAC
// signature and answers {"id"}; numbers ending in 0000 are refused (400), 5555 answer 503, 9999 answer too late.
export async function startSmsGateway(secret: string, opts: { slowMs?: number } = {}) {
  const received: GatewayRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['x-timestamp'] ?? '');
      const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
      const given = Buffer.from(String(req.headers['x-signature'] ?? ''), 'hex');
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply(401, { error: { code: 'BAD_SIGNATURE', message: 'signature mismatch' } });
      }
      const m = JSON.parse(body) as { to: string; content: string; from: string | null };
      if (m.to.endsWith('9999')) {
        setTimeout(() => reply(200, { id: 'late' }), opts.slowMs ?? 2000).unref();
        return;
      }
      if (m.to.endsWith('0000')) return reply(400, { error: { code: 'INVALID_NUMBER', message: 'number refused' } });
      if (m.to.endsWith('5555')) return reply(503, { error: 'busy' });
      received.push({ ...m, key: req.headers['x-api-key'] as string | undefined });
      reply(200, { id: `gw-${received.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
