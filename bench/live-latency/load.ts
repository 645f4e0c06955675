// Simulated LL-HLS viewers for bench/live-latency.ts's load row, in their own process (their CPU is not the
// server's): each viewer does what hls.js does at the live edge, over its own keep-alive connection: a
// blocking playlist reload for the next part (`_HLS_msn`/`_HLS_part`), then that part; when a segment closed
// before the asked part existed, the next segment's first part. Run: forked with
//   argv: <base url of the level folder> <viewers> <seconds>
// and answers { requests, parts, errors, megabytesPerSecond, statuses, perViewerPartsPerSecond } on IPC when done.
import http from 'node:http';

const [base, viewersArg, secondsArg] = process.argv.slice(2) as [string, string, string];
const viewers = Number(viewersArg);
const seconds = Number(secondsArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

const statuses = new Map<number, number>();
let requests = 0;
let parts = 0;
let errors = 0;
let bytes = 0;
let stopAt = 0;

/** A GET; the body is kept only when asked (playlists): a part's bytes are counted and dropped, as cheaply as a socket allows. */
function get(url: string, keep = true): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        if (keep) chunks.push(c);
        else bytes += c.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: keep ? Buffer.concat(chunks) : Buffer.alloc(0) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const partName = (msn: number, index: number) => `p${String(msn).padStart(5, '0')}.${index}.m4s`;

async function viewer(start: { msn: number; index: number }) {
  let { msn, index } = start;
  while (Date.now() < stopAt) {
    try {
      requests++;
      const list = await get(`${base}/index.m3u8?_HLS_msn=${msn}&_HLS_part=${index}`);
      statuses.set(list.status, (statuses.get(list.status) ?? 0) + 1);
      if (list.status !== 200) continue;
      const name = partName(msn, index);
      if (!list.body.includes(name)) {
        // The segment closed before that part: the next segment's first.
        msn += 1;
        index = 0;
        continue;
      }
      requests++;
      const part = await get(`${base}/${name}`, false);
      statuses.set(part.status, (statuses.get(part.status) ?? 0) + 1);
      if (part.status === 200) parts++;
      index += 1;
    } catch {
      errors++;
    }
  }
}

async function main() {
  const first = await get(`${base}/index.m3u8`);
  const hint = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p(\d+)\.(\d+)\.m4s"/.exec(first.body.toString());
  if (!hint) throw new Error('no preload hint: is the level live and LL-HLS?');
  const start = { msn: Number(hint[1]), index: Number(hint[2]) };
  stopAt = Date.now() + seconds * 1000;
  const cpu0 = process.cpuUsage();
  const all: Promise<void>[] = [];
  // Viewers join over the first second, as a crowd does, not in one instant.
  for (let i = 0; i < viewers; i++) {
    all.push(viewer(start));
    if (i % 250 === 249) await new Promise((r) => setTimeout(r, 50));
  }
  await Promise.all(all);
  const cpu = process.cpuUsage(cpu0);
  process.send?.({
    cpuPercent: ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
    requests,
    parts,
    errors,
    megabytesPerSecond: bytes / 1e6 / seconds,
    statuses: Object.fromEntries(statuses),
    perViewerPartsPerSecond: parts / viewers / seconds,
  });
  agent.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
