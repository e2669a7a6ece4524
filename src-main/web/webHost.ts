import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_PATH, type BridgeMessage, type BridgeRequest } from '@shared/appApi';
import { answerCall } from '../core/app/answerCall';
import type { Backend } from '../core/app/backend';
import { serveStatic } from './staticFiles';

export interface WebHostOptions {
  backend: Backend;
  rendererDir: string;
  port?: number;
  /** Always loopback: the app API must not be reachable from the network. */
  host?: '127.0.0.1';
  /** Fixed for tests; random per launch otherwise. */
  key?: string;
}

export interface WebHost {
  /** The page to open, with the per-launch key. */
  url: string;
  close(): Promise<void>;
}

function sameKey(given: string | null, key: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The browser mode of the app: serves the built renderer and carries the app API over a
 * WebSocket. Only a page that was given the per-launch key, from this origin, may connect, so
 * other local processes and web pages cannot drive the backend.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const key = options.key ?? randomBytes(24).toString('base64url');
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const server: Server = createServer((req, res) => {
    void serveStatic(options.rendererDir, req.url ?? '/', res, req.headers.host ?? host);
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const allowedOrigin = req.headers.origin === origin;
    if (url.pathname !== BRIDGE_PATH || !sameKey(url.searchParams.get('key'), key) || !allowedOrigin) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  const sockets = new Set<WebSocket>();
  const attach = (ws: WebSocket) => {
    sockets.add(ws);
    const send = (message: BridgeMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const unsubscribe = options.backend.on((event, payload) => send({ event, payload }));
    ws.on('close', () => {
      unsubscribe();
      sockets.delete(ws);
    });
    ws.on('message', (data) => {
      let request: BridgeRequest;
      try {
        request = JSON.parse(String(data)) as BridgeRequest;
      } catch {
        return;
      }
      // answerCall answers every failure in words: it never rejects.
      void answerCall(options.backend, request.call, request.args).then((answer) =>
        send({ id: request.id, ...answer }),
      );
    });
  };

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as { port: number }).port;
  origin = `http://${host}:${port}`;
  return {
    url: `${origin}/?key=${key}`,
    close: async () => {
      for (const ws of sockets) ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
