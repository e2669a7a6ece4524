import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BridgeMessage } from '../../src-shared/appApi';
import { Backend } from '../../src-main/core/app/backend';
import { MemoryTokenStore } from '../../src-main/core/session/tokens';
import { startWebHost, type WebHost } from '../../src-main/web/webHost';

let dir: string;
let backend: Backend;
let host: WebHost;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hr-web-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>HR</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'not for the web');
  backend = new Backend({
    dataDir: join(dir, 'data'),
    tokens: new MemoryTokenStore(),
    demoServiceUrl: 'http://127.0.0.1:1',
  });
  host = await startWebHost({ backend, rendererDir: renderer, key: 'k'.repeat(32) });
});
afterAll(async () => {
  await host.close();
  backend.close();
  rmSync(dir, { recursive: true, force: true });
});

const origin = () => new URL(host.url).origin;
function connect(path: string, headers: Record<string, string>) {
  const ws = new WebSocket(`${origin().replace('http', 'ws')}${path}`, { headers });
  return new Promise<{ ws: WebSocket } | { status: number }>((resolve) => {
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
  });
}

describe('the web host', () => {
  it('serves the app with a strict content security policy, and nothing outside it', async () => {
    const page = await fetch(host.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await fetch(`${origin()}/assets/app.js`)).headers.get('content-type')).toContain('javascript');
    const escape = await fetch(`${origin()}/..%2Fsecret.txt`);
    expect(await escape.text()).not.toContain('not for the web');
  });

  it('refuses the bridge without the key, with a wrong key, or from another origin', async () => {
    const key = 'k'.repeat(32);
    expect(await connect('/bridge', { origin: origin() })).toEqual({ status: 403 });
    expect(await connect(`/bridge?key=${'x'.repeat(32)}`, { origin: origin() })).toEqual({ status: 403 });
    expect(await connect(`/bridge?key=${key}`, { origin: 'http://evil.example' })).toEqual({ status: 403 });
    expect(await connect(`/bridge?key=${key}`, {})).toEqual({ status: 403 });
  });

  it('carries calls and their errors over the bridge as { code, message }', async () => {
    const opened = await connect(`/bridge?key=${'k'.repeat(32)}`, { origin: origin() });
    if (!('ws' in opened)) throw new Error('not opened');
    const { ws } = opened;
    const replies: BridgeMessage[] = [];
    ws.on('message', (data) => replies.push(JSON.parse(String(data)) as BridgeMessage));
    ws.send(JSON.stringify({ id: 1, call: 'app.info', args: null }));
    ws.send(JSON.stringify({ id: 2, call: 'trainings.list', args: {} }));
    ws.send(JSON.stringify({ id: 3, call: 'no.such.call', args: {} }));
    await expect.poll(() => replies.length).toBe(3);
    const byId = Object.fromEntries(replies.map((r) => ['id' in r ? r.id : 0, r]));
    expect(byId[1]).toEqual({
      id: 1,
      result: {
        demoServiceUrl: 'http://127.0.0.1:1',
        version: '0.1.0',
        workingOffline: false,
        protectedAtRest: true,
        language: 'en',
      },
    });
    expect(byId[2]).toEqual({ id: 2, error: { code: 'NOT_SIGNED_IN', message: 'Sign in first' } });
    expect(byId[3]).toMatchObject({ id: 3, error: { code: 'INVALID_INPUT' } });
    expect(JSON.stringify(replies)).not.toContain('at ');
    ws.close();
  });
});
