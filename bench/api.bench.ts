// HTTP throughput of Byeol's API beside a bare Fastify baseline, measured in the same invocation so the
// ratio holds on a noisy machine (ANCHORS.md). Run: npx tsx bench/api.bench.ts [seconds] [connections]
import { fork } from 'node:child_process';
import path from 'node:path';
import { API_HEADERS } from '@byeol/contract';
import autocannon from 'autocannon';
import { withCpu } from './cpu.js';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 100);

// API_BENCH_NODE_ARGS adds node flags to the servers' process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
const execArgv = [...(process.env.API_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx'];
const child = fork(path.join(import.meta.dirname, 'api-servers.ts'), { execArgv, stdio: 'inherit' });
const ports = await new Promise<{ bare: number; byeol: number; cookie: string; cookies: string[]; vodKey: string; database: string }>(
  (resolve) => child.once('message', (m) => resolve(m as never)),
);

async function run(name: string, url: string, headers: Record<string, string> = {}, post?: string, cookies?: string[]) {
  const request = post === undefined ? {} : { method: 'POST' as const, body: post };
  const all = post === undefined ? headers : { ...headers, ...API_HEADERS, 'content-type': 'application/x-www-form-urlencoded' };
  // Each request as the next member in turn, when the target is signed in as many.
  let turn = 0;
  const rotate = cookies
    ? {
        setupClient: (client: { setHeaders: (h: Record<string, string>) => void; on: (e: 'response', f: () => void) => void }) => {
          const next = () => client.setHeaders({ ...all, cookie: cookies[turn++ % cookies.length] as string });
          next();
          client.on('response', next);
        },
      }
    : {};
  await autocannon({ url, connections, duration: 2, headers: all, ...request, ...rotate }); // warm-up
  // CPU over the measured run: the machine, PostgreSQL, autocannon (this process) and the servers' process.
  const { result: r, cpu } = await withCpu(
    () => autocannon({ url, connections, duration: seconds, headers: all, ...request, ...rotate }),
    child.pid,
  );
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu };
}

// The baseline runs before and after the targets: on a shared machine (CPU steal) the spread between the
// two says how far to trust the ratios.
const bareUrl = `http://127.0.0.1:${ports.bare}/envelope`;
const byeolUrl = (path: string) => `http://127.0.0.1:${ports.byeol}${path}`;
const rows = [];
rows.push(await run('bare Fastify 5, JSON envelope (baseline, before)', bareUrl));
// The same plugins and hooks with a tiny body: what the platform itself costs per request.
rows.push(await run('Byeol GET /healthz (platform hooks only)', byeolUrl('/healthz')));
rows.push(
  await run('Byeol GET /v1/pubapi/api_site_cache_info (cached)', byeolUrl('/v1/pubapi/api_site_cache_info?segment1=sub&segment2=live')),
);
// The same answer's bytes from bare Fastify's memory: a 4 KB answer costs more to write than the envelope.
rows.push(await run('bare Fastify 5, the same bytes as api_site_cache_info', `http://127.0.0.1:${ports.bare}/same/site`));
// Every page view of a logged-in visitor reads the session (from memory once seen) and the account's
// wallet, items and levels (batched per turn of the event loop): 200 members in turn, one per request.
rows.push(
  await run('Byeol GET /v1/user/user_info (200 members signed in, in turn)', byeolUrl('/v1/user/user_info'), {}, undefined, ports.cookies),
);
// ANCHORS.md's goal for user_info: 70 % of bare Fastify with one primary-key SELECT per request.
rows.push(await run('bare Fastify 5 + one primary-key SELECT (a member in turn)', `http://127.0.0.1:${ports.bare}/pk`));
// Answered from the in-memory live snapshot, serialised once per page (modules/live/live.snapshot.ts).
rows.push(await run('Byeol GET /v1/pubapi/play_live_list (live snapshot)', byeolUrl('/v1/pubapi/play_live_list?limit=8')));
rows.push(await run('bare Fastify 5, the same bytes as play_live_list', `http://127.0.0.1:${ports.bare}/same/live`));
// The home page's other shared sections: the latest replays and magazine articles.
rows.push(await run('Byeol GET /v1/pubapi/play_vod_list (replays)', byeolUrl('/v1/pubapi/play_vod_list?limit=8')));
rows.push(await run('bare Fastify 5, the same bytes as play_vod_list', `http://127.0.0.1:${ports.bare}/same/vod`));
rows.push(await run('Byeol GET /v1/pubapi/magazine_list', byeolUrl('/v1/pubapi/magazine_list?limit=4')));
rows.push(await run('bare Fastify 5, the same bytes as magazine_list', `http://127.0.0.1:${ports.bare}/same/magazine`));
// The home page's personal section: the BJs a member follows, those on air first (200 members in turn).
rows.push(
  await run(
    'Byeol POST /v1/mypage/subscribe_default_more (followed BJs, 200 members in turn)',
    byeolUrl('/v1/mypage/subscribe_default_more'),
    {},
    'offset=0&limit=20',
    ports.cookies,
  ),
);
// The play page's call: the broadcast, its BJ and the room's settings (a prepared statement).
rows.push(await run('Byeol GET /v1/pubapi/play_info (the play page)', byeolUrl(`/v1/pubapi/play_info?vod_key=${ports.vodKey}`)));
// The channel page's calls (issue 17): its head (profile, counts, live or latest replay) and the fan tab
// (the fan club in join order with VIP ranks from the BJ's own bj_fan rows, never the ledger).
rows.push(await run('Byeol GET /v1/channel/bj_info (channel head)', byeolUrl('/v1/channel/bj_info?id=demo_haneul')));
rows.push(
  await run('Byeol POST /v1/channel/bj_fan_more/{id} (fan tab)', byeolUrl('/v1/channel/bj_fan_more/demo_haneul'), {}, 'kind=fan&limit=20'),
);
rows.push(await run('bare Fastify 5, JSON envelope (baseline, after)', bareUrl));
child.send('stop');

const base = ((rows[0]?.rps ?? 1) + (rows[rows.length - 1]?.rps ?? 1)) / 2;
console.log(`\nautocannon -c ${connections} -d ${seconds}, database ${ports.database}, node ${process.version}`);
console.log(
  '| target | req/s | p50 ms | p99 ms | vs mean baseline | vs its own baseline (the row after: the same bytes, or one SELECT) | CPU (100 % = one core) |\n|---|---|---|---|---|---|---|',
);
for (const [i, r] of rows.entries()) {
  // A Byeol row followed by its own baseline (the same bytes from memory, or bare Fastify + one SELECT).
  const next = rows[i + 1]?.name ?? '';
  const same = /the same bytes as|one primary-key SELECT/.test(next) && r.name.startsWith('Byeol') ? rows[i + 1] : undefined;
  console.log(
    `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((r.rps / base) * 100).toFixed(0)} % | ${same ? `${((r.rps / same.rps) * 100).toFixed(0)} %` : ''} | ${r.cpu} |`,
  );
}
