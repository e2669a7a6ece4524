import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import diagnostics from 'node:diagnostics_channel';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Backend } from '../src-main/core/app/backend';
import { MemoryTokenStore } from '../src-main/core/session/tokens';
import { startWebHost } from '../src-main/web/webHost';
import { CHROMIUM_LAUNCH } from '../test/support/chromiumLaunch';
import { ROOT, startServiceProcess, token, weekOfLeave, withLimit, type Figure } from './benchKit';

/** One part of the bench: a name to pick it by (`npm run bench -- calendar forms`), and its run. */
export interface BenchPart {
  name: string;
  /** What it measures, for the list of parts. */
  about: string;
  run(ctx: BenchContext): Promise<void>;
}

/** Every GET the backend makes, with its size: the pages to fetch again raw for the limit. */
export const seen: { url: string; bytes: number; status: number }[] = [];
/** Marks the bench's own requests, so that only the backend's are seen. */
const BENCH_HEADER = 'x-bench-own';
/** The bench's own fetch: not among what the backend is seen to ask. */
export const realFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), [BENCH_HEADER]: '1' } });
// Both the backend's undici and the fetch built into Node tell this channel of each answer's head.
diagnostics.subscribe('undici:request:headers', (message) => {
  const { request, response } = message as {
    request: { origin: string; path: string; method: string; headers: unknown };
    response: { statusCode: number; headers: Buffer[] };
  };
  if (request.method !== 'GET' || String(request.headers).toLowerCase().includes(BENCH_HEADER)) return;
  const at = response.headers.findIndex((h, i) => i % 2 === 0 && h.toString().toLowerCase() === 'content-length');
  seen.push({
    url: new URL(request.path, request.origin).href,
    bytes: at < 0 ? 0 : Number(response.headers[at + 1]!.toString()),
    status: response.statusCode,
  });
});

/** The renderer in Chromium, on the browser form's host, and a clock for what it paints. */
export interface BenchPage {
  page: Page;
  url: string;
  /** From a click run in the page to two frames after `ready` holds: no driver round trip counted. */
  paintedAfter(click: string, ready: string): Promise<number>;
}

/**
 * What the parts share: a service seeded at the bench's scale in its own process, an app backend
 * (no sync of its own: each part starts the work it measures), the admin's token, the figures.
 */
export class BenchContext {
  readonly figures: Figure[] = [];
  readonly work = mkdtempSync(join(tmpdir(), 'hr-bench-'));
  readonly backend = new Backend({
    dataDir: join(this.work, 'app'),
    tokens: new MemoryTokenStore(),
    sync: { autoStart: false, debounceMs: 3_600_000 },
  });
  readonly h = this.backend.handlers;
  /** The first sync's median time and bytes, once the sync part has measured them. */
  firstSync: { ms: number; bytes: number } | null = null;
  private week = 0;
  private browser: Browser | null = null;
  private benchPage: BenchPage | null = null;
  private closeHost: (() => Promise<void>) | null = null;

  private constructor(
    readonly scale: number,
    readonly service: Awaited<ReturnType<typeof startServiceProcess>>,
    readonly admin: string,
    private readonly serviceDir: string,
  ) {}

  static async start(scale: number): Promise<BenchContext> {
    const work = mkdtempSync(join(tmpdir(), 'hr-bench-service-'));
    process.stdout.write(`Seeding the service with --scale ${scale}…\n`);
    const service = await startServiceProcess([
      '--port',
      '0',
      '--db',
      join(work, 'service.sqlite'),
      '--demo',
      '--scale',
      String(scale),
    ]);
    const admin = await token(service.url, 'admin@acme.test');
    // The bench asks for a week of leave after another, for years ahead: an allowance that holds
    // them, so each write is taken (with its checks) rather than refused for its balance.
    const roomy = await realFetch(`${service.url}/api/leave/policy`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ types: [{ type: 'ANNUAL', counted: true, allowanceDays: 366 }] }),
    });
    if (!roomy.ok) throw new Error(`could not set the leave policy: ${roomy.status}`);
    return new BenchContext(scale, service, admin, work);
  }

  add(f: Figure): void {
    this.figures.push(f);
    const verdict = f.info ? 'for context' : f.met ? 'met' : 'MISSED';
    process.stdout.write(
      `  ${f.part.padEnd(9)} ${f.name.padEnd(46)} ${f.value.toFixed(2).padStart(12)} ${f.unit.padEnd(8)} ${f.ratio !== undefined ? `ratio ${f.ratio.toFixed(2)}` : ''.padEnd(11)}  ${verdict} (${f.target})\n`,
    );
  }

  readonly signIn = { email: 'admin@acme.test', password: 'demo1234' };

  /** A leave request of the admin's own, a week later each time: a write that moves the change counter. */
  async moveCounter(): Promise<void> {
    const res = await realFetch(`${this.service.url}/api/leave`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.admin}`, 'content-type': 'application/json' },
      body: weekOfLeave(this.week++),
    });
    if (res.status !== 201) throw new Error(`could not write to the service: ${res.status} ${await res.text()}`);
  }

  /** The admin signed in with everything synced: what the parts after the sync part read. */
  async synced(): Promise<NonNullable<Backend['account']>> {
    if (!this.backend.account) {
      await this.h['session.signIn']({ serviceUrl: this.service.url, ...this.signIn });
      await this.h['sync.now'](undefined);
    }
    return this.backend.account!;
  }

  /** The renderer in Chromium on the synced backend, opened once for the parts that paint. */
  async page(): Promise<BenchPage> {
    if (this.benchPage) return this.benchPage;
    await this.synced();
    const host = await startWebHost({
      backend: this.backend,
      rendererDir: join(ROOT, 'out', 'renderer'),
      key: 'bench'.repeat(8),
    });
    this.closeHost = host.close;
    this.browser = await chromium.launch(CHROMIUM_LAUNCH);
    const page = await this.browser.newPage({ viewport: { width: 1366, height: 860 } });
    // A step that never comes fails the part with its name rather than holding the run.
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (e) => process.stderr.write(`  page error: ${e.message}\n`));
    page.on('console', (m) => {
      if (m.type() === 'error') process.stderr.write(`  page console: ${m.text()}\n`);
    });
    await page.goto(host.url);
    await page.getByRole('link', { name: 'Trainings' }).waitFor();
    // Each timed in the page, from the click to two frames after what it waits for is in the
    // document (the frame that shows it has then been produced). The code runs in the page, hence strings.
    const paintedAfter = (click: string, ready: string) =>
      withLimit(
        page.evaluate(`new Promise((resolve, reject) => {
        const start = performance.now();
        (${click})();
        const check = () => {
          if (${ready}) requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
          else if (performance.now() - start > 20000) reject(new Error(${JSON.stringify(`never ready: ${ready}`)} + ' (page: ' + document.querySelector('main')?.innerText.slice(0, 600) + ')'));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      })`) as Promise<number>,
        30_000,
        `the page painted after a click, waiting for ${ready}`,
      );
    this.benchPage = { page, url: host.url, paintedAfter };
    return this.benchPage;
  }

  async close(): Promise<void> {
    await this.browser?.close();
    await this.closeHost?.();
    this.backend.close();
    await this.service.stop();
    rmSync(this.work, { recursive: true, force: true });
    rmSync(this.serviceDir, { recursive: true, force: true });
  }
}
