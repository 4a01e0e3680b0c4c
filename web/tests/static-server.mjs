// A minimal static file server for the page, on 127.0.0.1 only: the "any static server" the
// explorer must work from. Run as `node tests/static-server.mjs [--port P] [--root DIR]`; it
// prints its URL alone on the first line of stdout. Tests also import startStaticServer.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export const WEB_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Serves `root` on 127.0.0.1:`port` (0: any free port); resolves to {url, close}. */
export function startStaticServer({ root = WEB_ROOT, port = 0 } = {}) {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    try {
      const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
      const file = resolve(join(base, path.endsWith('/') ? `${path}index.html` : path));
      if (!file.startsWith(base + sep) || file.includes(`${sep}node_modules${sep}`)) throw new Error('outside');
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found\n');
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      resolvePromise({
        url: `http://127.0.0.1:${bound}/`,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const option = (name) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const { url, close } = await startStaticServer({
    root: option('--root') ?? WEB_ROOT,
    port: Number(option('--port') ?? 0),
  });
  console.log(url);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => close().then(() => process.exit(0)));
  }
}
