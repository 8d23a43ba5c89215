import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fetchFrame } from './frame-fetch.js';
import { engineFree } from '../../test/engine.js';

engineFree.describe('template frame fetch', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/frame.html') res.end('<html><body>框架 {{content}}</body></html>');
      else if (req.url === '/redirect') res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      else if (req.url === '/huge') res.end('x'.repeat(600 * 1024));
      else if (req.url === '/nul') res.end('<html><body>a\u0000b {{content}}</body></html>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const anyAddress = () => false;

  it('refuses hosts off the allow list, other schemes, and private addresses even when allowed', async () => {
    expect(await fetchFrame(`${base}/frame.html`, ['example.org'])).toEqual({ problem: 'v.frameHost' });
    expect(await fetchFrame('file:///etc/passwd', ['localhost'])).toEqual({ problem: 'v.frameHost' });
    expect(await fetchFrame(`${base}/frame.html`, ['localhost'])).toEqual({ problem: 'v.frameHost' });
    expect(await fetchFrame('http://127.0.0.1/', ['127.0.0.1'])).toEqual({ problem: 'v.frameHost' });
  });

  it('fetches an allowed page, but follows no redirect and stops at the size limit', async () => {
    expect(await fetchFrame(`${base}/frame.html`, ['localhost'], anyAddress)).toEqual({
      html: '<html><body>框架 {{content}}</body></html>',
    });
    expect(await fetchFrame(`${base}/redirect`, ['localhost'], anyAddress)).toEqual({ problem: 'v.frameFetch' });
    expect(await fetchFrame(`${base}/huge`, ['localhost'], anyAddress)).toEqual({ problem: 'v.frameFetch' });
    expect(await fetchFrame(`${base}/missing`, ['localhost'], anyAddress)).toEqual({ problem: 'v.frameFetch' });
  });

  // The page is stored as the template's frame: a NUL in it would be a 500 on PostgreSQL and cut short on SQLite.
  it('refuses a page holding a NUL as a form field holding one is refused', async () => {
    expect(await fetchFrame(`${base}/nul`, ['localhost'], anyAddress)).toEqual({ problem: 'v.nul' });
  });
});
