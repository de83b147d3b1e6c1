/**
 * The web benchmark's stand-in for production's reverse proxy (docs/operations.md: Caddy, or nginx
 * with `listen 443 ssl http2`): TLS and HTTP/2 in front of the real server, every request passed on
 * unchanged and every answer passed back as the server wrote it (compression and cache headers
 * included). Served directly, the page would be measured over HTTP/1.1, where a browser opens at most
 * six connections to the origin and each script the screen needs waits for a free one — a cost
 * production's visitors do not pay, and Lighthouse's simulated slow 4G charges a round trip for each.
 *
 * The certificate is made for the run by the `openssl` command (self-signed, for 127.0.0.1); the
 * browser is told to accept it (`--ignore-certificate-errors`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TlsFront {
  /** https://127.0.0.1:<port> */
  url: string;
  stop: () => Promise<void>;
}

/** A key and a self-signed certificate for 127.0.0.1, valid for a day. */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'qgw-bench-tls-'));
  try {
    const made = spawnSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`openssl could not make the benchmark's certificate: ${made.stderr || made.error?.message}`);
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// HTTP/2 forbids the connection-specific headers of HTTP/1.1, and its pseudo-headers are not headers upstream
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'http2-settings']);

const forwardable = (headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name, value]) => !name.startsWith(':') && !hopByHop.has(name) && value !== undefined));

/** Starts the front on a free port of 127.0.0.1, passing everything to `upstream` (http://host:port). */
export async function startTlsFront(upstream: string): Promise<TlsFront> {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ ...certificate(), allowHTTP1: true }, (req, res) => {
    const headers = forwardable(req.headers);
    // what a proxy says of the request it passes on; the server reads them only where it trusts the proxy
    headers.host = req.headers[':authority'] ?? req.headers.host ?? target.host;
    headers['x-forwarded-proto'] = 'https';
    const out = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // open HTTP/2 sessions (the browser's) would keep close() waiting
        setTimeout(resolve, 2_000).unref();
      }),
  };
}
