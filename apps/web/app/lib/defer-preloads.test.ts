import { describe, expect, it } from 'vitest';
import { deferModulePreloads } from './defer-preloads.server';

async function through(chunks: Buffer[]): Promise<string> {
  const t = deferModulePreloads('N0nce');
  const out: Buffer[] = [];
  t.on('data', (c: Buffer) => out.push(Buffer.from(c)));
  const done = new Promise((resolve) => t.on('end', resolve));
  for (const c of chunks) t.write(c);
  t.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

const page =
  '<!DOCTYPE html><html lang="ko"><head><meta charset="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/a.js" nonce="N0nce"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="N0nce"/></head><body><h1>지금 라이브</h1>' +
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>';

describe('deferModulePreloads', () => {
  it('takes the head preloads out and adds them back from the first frame, keeping everything else', async () => {
    const html = await through([Buffer.from(page)]);
    expect(html).not.toMatch(/<head>.*<link rel="modulepreload"[^>]*>.*<\/head>/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<script nonce="N0nce">requestAnimationFrame(');
    expect(html).toContain('["/assets/a.js","/assets/b.js"]');
    expect(html.indexOf('requestAnimationFrame')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<h1>지금 라이브</h1>');
    // Past the head the page passes as it is.
    expect(html).toContain('<link rel="modulepreload" href="/assets/late.js"/></body></html>');
  });

  it('gives the same page whatever the chunks, even a tag or a Korean character cut in two', async () => {
    const whole = await through([Buffer.from(page)]);
    const bytes = Buffer.from(page);
    for (const size of [1, 3, 7, 50, 101]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await through(chunks)).toBe(whole);
    }
  });

  it('leaves a page without preloads or without a head as it was', async () => {
    const plain = '<html><head><title>x</title></head><body>ok</body></html>';
    expect(await through([Buffer.from(plain)])).toBe(plain);
    expect(await through([Buffer.from('not found')])).toBe('not found');
  });
});
