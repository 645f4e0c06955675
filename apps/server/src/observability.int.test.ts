import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('/healthz', () => {
  it('answers 200 while the process runs', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('/readyz', () => {
  it('answers 200 with the database and the bus reachable', async () => {
    const res = await fetch(`${t.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'ok', bus: 'ok' } });
  });

  it('answers 503 naming the part that is down', async () => {
    const other = await startTestApp();
    try {
      await other.bus.close();
      const res = await fetch(`${other.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'down', checks: { database: 'ok', bus: 'down' } });
      // Liveness is not readiness: the process still answers.
      expect((await fetch(`${other.url}/healthz`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('/metrics', () => {
  it('is Prometheus text with the request duration histogram by route pattern', async () => {
    const call = await t.get('/v1/pubapi/play_live_list', { limit: 5 });
    expect(call.status).toBe(200);
    const res = await fetch(`${t.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('# TYPE byeol_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /^byeol_http_request_duration_seconds_count\{method="GET",route="\/v1\/pubapi\/play_live_list",status="200"\} [1-9]\d*$/m,
    );
    expect(text).toMatch(/^byeol_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/v1\/pubapi\/play_live_list"/m);
    // The query string never becomes a label.
    expect(text).not.toContain('limit=5');
    // Default process metrics carry the prefix too.
    expect(text).toMatch(/^byeol_process_cpu_seconds_total /m);
  });

  it('labels unknown paths by their route pattern, not by the URL', async () => {
    await t.get('/v1/pubapi/metrics_probe_unknown_path_123');
    const text = await (await fetch(`${t.url}/metrics`)).text();
    expect(text).not.toContain('metrics_probe_unknown_path_123');
    expect(text).toMatch(/route="\/v1\/\*",status="404"/);
  });
});

describe('/v1/openapi.json', () => {
  it('describes the API calls', async () => {
    const res = await fetch(`${t.url}/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty(['/v1/pubapi/api_site_cache_info', 'get']);
    expect(doc.paths).toHaveProperty(['/v1/pubapi/play_live_list', 'get']);
    expect(doc.paths).toHaveProperty(['/v1/pubapi/play_vod_list', 'get']);
    const live = doc.paths['/v1/pubapi/play_live_list']?.get as { parameters?: Array<{ name: string; in: string }> };
    expect(live.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:offset', 'query:limit', 'query:order']),
    );
    // Itself and the catch-all are not API calls.
    expect(Object.keys(doc.paths)).not.toContain('/v1/openapi.json');
    expect(Object.keys(doc.paths).filter((p) => p.includes('*'))).toEqual([]);
  });
});
