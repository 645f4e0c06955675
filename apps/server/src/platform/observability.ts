import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export interface Probe {
  name: string;
  check(): Promise<void>;
}

/** /healthz (the process answers), /readyz (database and bus reachable), /metrics (Prometheus). */
export const observability = fp<{ probes: Probe[] }>(async (app: FastifyInstance, { probes }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'byeol_' });
  const duration = new Histogram({
    name: 'byeol_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the URL, keeps label cardinality bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const results = await Promise.all(
      probes.map(async (p) => {
        try {
          await Promise.race([p.check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref())]);
          return [p.name, 'ok'] as const;
        } catch {
          return [p.name, 'down'] as const;
        }
      }),
    );
    const ready = results.every(([, s]) => s === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'down', checks: Object.fromEntries(results) });
  });

  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
