// The load row of bench/live-latency.ts: N simulated LL-HLS viewers (load.ts, its own process) on one live
// level while the app process (server.ts) times every answered blocking reload and part from the moment the
// packager cut that part to the moment the answer was handed to the socket, and reports its own CPU.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

export interface Measured {
  cpuPercent: number;
  playlist: { n: number; p50: number; p99: number };
  part: { n: number; p50: number; p99: number };
}
export interface LoadResult {
  viewers: number;
  seconds: number;
  level: string;
  server: Measured;
  load: {
    cpuPercent: number;
    requests: number;
    parts: number;
    errors: number;
    megabytesPerSecond: number;
    statuses: Record<string, number>;
    perViewerPartsPerSecond: number;
  };
  /** Parts a viewer at the live edge receives per second (1 / part duration). */
  expectedPartsPerSecond: number;
}

export async function loadRow(o: {
  app: ChildProcess;
  levelUrl: string;
  level: string;
  viewers: number;
  seconds: number;
  expectedPartsPerSecond: number;
}): Promise<LoadResult> {
  const measured = new Promise<Measured>((resolve) => {
    const on = (m: unknown) => {
      if ((m as { type?: string }).type !== 'measured') return;
      o.app.off('message', on);
      resolve(m as Measured);
    };
    o.app.on('message', on);
  });
  const gen = fork(path.join(import.meta.dirname, 'load.ts'), [o.levelUrl, String(o.viewers), String(o.seconds + 2)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const result = new Promise<LoadResult['load']>((resolve, reject) => {
    gen.once('message', (m) => resolve(m as LoadResult['load']));
    gen.once('exit', (code) => reject(new Error(`the load generator exited (${code}) without a result`)));
  });
  // Two seconds for the crowd to join, then the measured window.
  await new Promise((r) => setTimeout(r, 2000));
  o.app.send('measure-start');
  await new Promise((r) => setTimeout(r, o.seconds * 1000));
  o.app.send('measure-stop');
  const server = await measured;
  const load = await result;
  return { viewers: o.viewers, seconds: o.seconds, level: o.level, server, load, expectedPartsPerSecond: o.expectedPartsPerSecond };
}

export function printLoad(rows: LoadResult[], f: (n: number | null | undefined, d?: number) => string) {
  if (rows.length === 0) return;
  console.log('\nLL-HLS under load: simulated viewers (blocking reload for the next part, then the part) on one live level;');
  console.log('creation → delivery = the packager cutting the part → its answer handed to the socket, measured in the app process');
  console.log(
    '| viewers | level | app CPU (% of one core) | load generator CPU | blocking reloads answered/s | parts delivered/s | reload p50 / p99 (ms) | part p50 / p99 (ms) | parts per viewer per s (live edge: expected) | non-200 / errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const non200 = Object.entries(r.load.statuses)
      .filter(([s]) => s !== '200')
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      `| ${r.viewers.toLocaleString('en')} | ${r.level} | ${f(r.server.cpuPercent, 0)} | ${f(r.load.cpuPercent, 0)} | ${f(r.server.playlist.n / r.seconds, 0)} | ${f(r.server.part.n / r.seconds, 0)} | ` +
        `${f(r.server.playlist.p50, 0)} / ${f(r.server.playlist.p99, 0)} | ${f(r.server.part.p50, 0)} / ${f(r.server.part.p99, 0)} | ` +
        `${f(r.load.perViewerPartsPerSecond, 2)} (${f(r.expectedPartsPerSecond, 2)}) | ${f(r.load.megabytesPerSecond, 0)} | ${non200 || '0'} / ${r.load.errors} |`,
    );
  }
}
