import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { API_HEADERS } from './support/members.js';
import { decoded, rawGet } from './support/raw-http.js';

/**
 * Issue 20: what a browser downloads travels compressed. Raw HTTP (no client that decodes on its own), so
 * the test sees the bytes on the wire and checks they decode to exactly what an uncompressed answer holds.
 */
const baseUrl = inject('baseUrl');

const get = (path: string, encoding: string, headers: Record<string, string> = {}) => rawGet(baseUrl, path, encoding, headers);
/** A session cookie (of no session): the page is rendered and streamed for this request. */
const RENDERED = { cookie: 'byeol_sid=no-such-session' };
const decode = decoded;

describe('compression', () => {
  it('serves the built scripts precompressed (brotli, else gzip), decoding to the same bytes, with Vary', async () => {
    const html = (await get('/', 'identity')).body.toString('utf8');
    const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(script, 'a script of the home page').toBeTruthy();
    const plain = await get(script as string, 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await get(script as string, `${encoding}, deflate`);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(String(packed.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(packed.headers['cache-control']).toContain('immutable');
      expect(packed.body.length).toBeLessThan(plain.body.length / 2);
      expect(decode(packed).equals(plain.body)).toBe(true);
    }
  });

  it('streams server-rendered pages compressed, and a browser hydrates them', async () => {
    // A page rendered for its request (a session cookie: never from the anonymous page cache, which
    // page-cache.e2e.test.ts covers with its compressed copies).
    const plain = await get('/', 'identity', RENDERED);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await get('/', encoding, RENDERED);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers['content-length']).toBeUndefined();
      const html = decode(packed).toString('utf8');
      // Each answer has its own script nonce: the same page, not the same bytes.
      expect(html.replace(/nonce="[^"]+"/g, '')).toContain('<html lang="ko"');
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
      expect(packed.body.length).toBeLessThan(plain.body.length / 2);
    }
    // A 404 page and a redirect are pages too; HEAD carries no body.
    const missing = await get('/no/such/page', 'br');
    expect(missing.status).toBe(404);
    expect(decode(missing).toString('utf8')).toContain('</html>');
    const head = await new Promise<number>((resolve, reject) => {
      const req = request(new URL('/', baseUrl), { method: 'HEAD', headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers['content-encoding'] === undefined ? 0 : 1));
      });
      req.on('error', reject);
      req.end();
    });
    expect(head).toBe(0);
  });

  it('compresses API JSON above 1 KB on the fly and leaves small answers and images alone', async () => {
    const path = '/v1/pubapi/api_site_cache_info';
    const plain = await get(path, 'identity', API_HEADERS);
    expect(plain.body.length).toBeGreaterThan(1024);
    const packed = await get(path, 'br, gzip', API_HEADERS);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(packed).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    const gz = await get(path, 'gzip', API_HEADERS);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gz).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));

    // A small envelope (a refusal) goes as it is.
    const small = await get('/v1/pubapi/play_info?vod_key=nosuchroom', 'br, gzip', API_HEADERS);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    // Images are already compressed.
    const image = await get('/og-image.png', 'br, gzip');
    expect(image.status).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
  });
});
