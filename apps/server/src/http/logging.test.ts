import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loggerOptions, requestLogger } from './logging.js';

// A stream that keeps the lines written to it.
function captured() {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      out.push(chunk.toString());
      done();
    },
  });
  return { out, stream };
}

// Issue 43: a request's logger is made only when it writes a line; what it writes is what pino's child wrote.
describe('the request logger', () => {
  const parentAt = (level: string) => {
    const lines: unknown[][] = [];
    const child = { level, info: (...a: unknown[]) => lines.push(a), warn: (...a: unknown[]) => lines.push(a) };
    const parent = {
      level,
      isLevelEnabled: (l: string) => (l === 'info' ? level === 'info' : true),
      child: vi.fn(() => child),
    };
    return { parent, lines };
  };

  it('makes no child for a line its level leaves out, and one child for the lines it writes', () => {
    const { parent, lines } = parentAt('warn');
    const log = requestLogger(parent as never, { reqId: 'r1' }, {});
    log.info('left out');
    expect(parent.child).not.toHaveBeenCalled();
    log.warn({ a: 1 }, 'written');
    log.warn('again');
    expect(parent.child).toHaveBeenCalledTimes(1);
    expect(parent.child).toHaveBeenCalledWith({ reqId: 'r1' });
    expect(lines).toEqual([[{ a: 1 }, 'written'], ['again']]);
  });

  it('writes at a level set on it, though its parent leaves that level out', () => {
    const { out, stream } = captured();
    const app = Fastify({ logger: loggerOptions('warn', stream), childLoggerFactory: requestLogger });
    const log = requestLogger(app.log, { reqId: 'r3' }, {});
    log.level = 'info';
    log.info('now written');
    expect(out.map((l) => (JSON.parse(l) as { msg: string; reqId: string }).msg)).toEqual(['now written']);
    expect(log.level).toBe('info');
  });

  it("gives a route's own level to pino's child at once", () => {
    const { parent } = parentAt('warn');
    requestLogger(parent as never, { reqId: 'r2' }, { level: 'debug' });
    expect(parent.child).toHaveBeenCalledWith({ reqId: 'r2' }, { level: 'debug' });
  });

  it('writes the request id and the redaction through a real server', async () => {
    const { out, stream } = captured();
    const app = Fastify({ logger: loggerOptions('warn', stream), childLoggerFactory: requestLogger });
    app.get('/x', async (req) => {
      req.log.info('not at warn');
      req.log.warn({ mnemonic: 'secret words' }, 'at warn');
      return { ok: true };
    });
    const res = await app.inject({ method: 'GET', url: '/x', headers: { 'x-request-id': 'abc' } });
    await app.close();
    expect(res.statusCode).toBe(200);
    const lines = out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.msg)).toEqual(['at warn']);
    expect(lines[0]?.reqId).toEqual(expect.any(String));
    expect(lines[0]?.mnemonic).toBe('[redacted]');
  });
});
