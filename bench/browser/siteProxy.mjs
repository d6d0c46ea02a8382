// The bench's front door: a small proxy on the site's own origin (the host's STORE_URL), in front of the
// static host as a reverse proxy stands in front of it in production. Requests keep their Host (the
// site's, which the production host checks against STORE_URL), so pages carry the links and stylesheet
// URLs a shopper's browser gets. It also serves the static copies of pages at /__bench/static-<name>,
// on the same origin and connection costs as the pages they copy.
import http from 'node:http';

/**
 * Starts the proxy on `port` (0: any free one) in front of `upstream`; `statics` maps a copy's name to its
 * HTML. Resolves with its origin and a close function.
 */
export async function startSiteProxy({ upstream, port = 0, statics = new Map() }) {
  const up = new URL(upstream);
  const server = http.createServer((req, res) => {
    const copy = req.url?.startsWith('/__bench/static-') ? statics.get(req.url.slice('/__bench/static-'.length)) : undefined;
    if (copy !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(copy);
      return;
    }
    const forward = http.request({ host: up.hostname, port: up.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The site a script measures: through the proxy on the site's origin (`--listen`, the host's STORE_URL
 * port) in front of `--upstream` when given, else `--upstream` itself. Resolves with its origin and `close`.
 */
export async function siteFromArgs(args) {
  const upstream = (args.upstream ?? 'http://127.0.0.1:8190').replace(/\/$/, '');
  const proxy = args.listen ? await startSiteProxy({ upstream, port: args.listen }) : null;
  return { origin: proxy?.origin ?? upstream, close: async () => proxy?.close() };
}
