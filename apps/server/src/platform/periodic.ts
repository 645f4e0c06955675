import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` every `everyMs` while the app is up (first run `firstAfterMs` after it is ready), one run at a
 * time, and stops when the app closes. Jobs must be idempotent: with several processes each runs its own.
 * A failed run is logged and retried at the next tick.
 */
export function runPeriodically(app: FastifyInstance, name: string, job: () => Promise<unknown>, everyMs: number, firstAfterMs = 60_000) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const tick = () => {
    if (closed || running) return;
    running = job()
      .then((result) => app.log.info({ job: name, result }, 'periodic job done'))
      .catch((err: unknown) => app.log.error({ err, job: name }, 'periodic job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(function again() {
      tick();
      timer = setTimeout(again, everyMs).unref();
    }, firstAfterMs).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
