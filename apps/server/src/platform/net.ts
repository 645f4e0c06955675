import net from 'node:net';

/**
 * Ports this process will listen on or has handed out: freePort never answers one of them. Without it the
 * ingest's internal FLV port (picked while the process starts) could be the very port the HTTP server is
 * about to bind, which was free a moment before (seen once in CI: EADDRINUSE on the platform's own port).
 */
const reserved = new Set<number>();

/** Marks a port this process will listen on (its configured PORT) so freePort never hands it out. */
export function reservePort(port: number): void {
  if (port > 0) reserved.add(port);
}

/** A TCP port on 127.0.0.1 that was free a moment ago and is not reserved by this process (the embedded PostgreSQL, the ingest, tests). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.on('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    if (reserved.has(port)) continue;
    reserved.add(port);
    return port;
  }
}
