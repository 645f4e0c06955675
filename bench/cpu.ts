// CPU use of the bench's parts over a run, from /proc: the machine, PostgreSQL's processes, this process (the
// load generator or the callers) and the server processes. Shared by bench/ledger.ts, bench/api.bench.ts and
// bench/concert.ts.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** CPU seconds (user + system) of a process, from /proc (0 once it is gone). */
export function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}
/** CPU seconds of every PostgreSQL process, by pid. */
function postgresCpu(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') out.set(Number(entry), cpuOf(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
/** Busy and total jiffies of the whole machine (all cores), from /proc/stat. */
export function machineTimes(): { busy: number; total: number } {
  const f = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - (f[3] ?? 0) - (f[4] ?? 0), total };
}
/**
 * CPU use over `run`, in % of one core: the whole machine (of 100 % × cores), PostgreSQL's processes that
 * are still there at the end (connections that closed during the window are missed: pgbench's), this
 * process and optionally a child.
 */
export async function withCpu<T>(run: () => Promise<T>, child?: number | number[]): Promise<{ result: T; cpu: string }> {
  const pids = child === undefined ? [] : [child].flat();
  const serverCpu = () => pids.reduce((sum, pid) => sum + cpuOf(pid), 0);
  const pg0 = postgresCpu();
  const m0 = machineTimes();
  const me0 = process.cpuUsage();
  const child0 = serverCpu();
  const t0 = performance.now();
  const result = await run();
  const secs = (performance.now() - t0) / 1000;
  const me = process.cpuUsage(me0);
  const m1 = machineTimes();
  let pg = 0;
  for (const [pid, cpu] of postgresCpu()) pg += cpu - (pg0.get(pid) ?? 0);
  const pct = (x: number) => `${Math.round((x / secs) * 100)} %`;
  const machine = `machine ${Math.round(((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * 100 * os.cpus().length)} %`;
  const parts = [machine, `PostgreSQL ${pct(pg)}`, `${child ? 'load generator' : 'service + callers'} ${pct((me.user + me.system) / 1e6)}`];
  if (child) parts.push(`server${pids.length > 1 ? `s (${pids.length - 1} workers)` : ''} ${pct(serverCpu() - child0)}`);
  return { result, cpu: parts.join(', ') };
}
