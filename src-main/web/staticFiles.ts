import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The page may run only its own scripts and talk only to this host's bridge. */
export function contentSecurityPolicy(host: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ws://${host}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Serves the built renderer; unknown paths get the app page (client-side navigation). */
export async function serveStatic(root: string, urlPath: string, res: ServerResponse, host: string): Promise<void> {
  const path = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  const file = normalize(join(root, path === '/' ? 'index.html' : path));
  const inside = file.startsWith(root.endsWith(sep) ? root : root + sep);
  let body: Buffer;
  let target = file;
  try {
    if (!inside) throw new Error('outside');
    body = await readFile(file);
  } catch {
    target = join(root, 'index.html');
    try {
      body = await readFile(target);
    } catch {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The app is not built: run npm run build');
      return;
    }
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
    'content-security-policy': contentSecurityPolicy(host),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': target.endsWith('index.html') ? 'no-store' : 'public, max-age=31536000, immutable',
  });
  res.end(body);
}
