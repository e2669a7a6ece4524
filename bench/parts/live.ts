import { chromium } from '@playwright/test';
import { join } from 'node:path';
import { Backend } from '../../src-main/core/app/backend';
import { MemoryTokenStore } from '../../src-main/core/session/tokens';
import { startWebHost } from '../../src-main/web/webHost';
import { CHROMIUM_LAUNCH } from '../../test/support/chromiumLaunch';
import { FaultProxy } from '../../test/support/faultProxy';
import { percentile, range, ROOT, token, withLimit, type Figure } from '../benchKit';
import { realFetch, type BenchPart } from '../context';

const CHANGES = 50;
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5 * 60_000);

/**
 * Weekdays from 2200-01-06 on: after the seeded leave and after what the service part asks for
 * (weeks from 2100, Alice among those asking), so hers are the latest, the top of her list. The
 * service refuses the holidays among them.
 */
function* weekdays(): Generator<string> {
  for (let d = new Date(Date.UTC(2200, 0, 6)); ; d = new Date(d.getTime() + 86_400_000)) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) yield d.toISOString().slice(0, 10);
  }
}

export const livePart: BenchPart = {
  name: 'live',
  about: 'two apps on one service: a change made in one seen in the other’s view; an idle app’s requests',
  async run(ctx) {
    const add = (f: Figure) => ctx.add(f);
    const url = ctx.service.url;
    // Alice's requests, waiting for her manager.
    const alice = await token(url, 'alice@acme.test');
    const asked: string[] = [];
    for (const day of weekdays()) {
      if (asked.length === CHANGES) break;
      const res = await realFetch(`${url}/api/leave`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
        body: JSON.stringify({ startDate: day, endDate: day, type: 'UNPAID' }),
      });
      if (res.status === 400 && (await res.text()).includes('no working days')) continue;
      if (res.status !== 201) throw new Error(`could not ask for leave: ${res.status} ${await res.text()}`);
      asked.push(((await res.json()) as { id: string }).id);
    }

    // Two computers, each an app with the product's own sync timing: the manager's, and Alice's
    // behind a proxy that counts what her app sends.
    let requests = 0;
    let heartbeats = 0;
    const proxy = await new FaultProxy(() => url, {
      rate: 0,
      random: Math.random,
      onRequest: () => (requests += 1),
    }).start();
    proxy.streamed = (chunk) => (heartbeats += chunk.toString().split(': heartbeat').length - 1);
    const manager = new Backend({ dataDir: join(ctx.work, 'live-manager'), tokens: new MemoryTokenStore() });
    const hers = new Backend({ dataDir: join(ctx.work, 'live-alice'), tokens: new MemoryTokenStore() });
    const host = await startWebHost({ backend: hers, rendererDir: join(ROOT, 'out', 'renderer') });
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      await manager.handlers['session.signIn']({ serviceUrl: url, email: 'manager@acme.test', password: 'demo1234' });
      await manager.handlers['sync.now'](undefined);
      await hers.handlers['session.signIn']({ serviceUrl: proxy.url, email: 'alice@acme.test', password: 'demo1234' });
      await hers.handlers['sync.now'](undefined);
      const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
      page.setDefaultTimeout(30_000);
      await page.goto(`${host.url}#/leave`);
      await page.getByRole('status', { name: 'Sync status' }).getByText('Live').waitFor();
      // Her requests still waiting: each decided one leaves the list, and the next is its top row.
      await page.getByRole('button', { name: /Status/ }).click();
      await page.getByRole('option', { name: 'Pending' }).click();
      const grid = page.getByRole('grid', { name: 'My requests' });

      // The latest first: the one decided is always the list's top row, on screen.
      const latencies: number[] = [];
      for (const id of [...asked].reverse()) {
        // The list's rows are drawn where they can be seen: its top in the window.
        await grid.locator(`[data-key="${id}"]`).scrollIntoViewIfNeeded();
        const shown = withLimit(
          page.evaluate(`new Promise((resolve) => {
            const check = () => {
              const grid = document.querySelector('[role="grid"][aria-labelledby="mine-title"]');
              if (grid && !grid.querySelector('[data-key="${id}"]')) {
                requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now())));
              } else requestAnimationFrame(check);
            };
            check();
          })`) as Promise<number>,
          20_000,
          `Alice's pending requests without ${id}`,
        );
        const decided = performance.timeOrigin + performance.now();
        await manager.handlers['leave.setStatus']({ id, status: 'APPROVED' });
        latencies.push(
          (await shown.catch(async (error: unknown) => {
            const theirs = await manager.handlers['sync.status'](undefined);
            const mine = await hers.handlers['leave.get']({ id });
            const status = await hers.handlers['sync.status'](undefined);
            throw new Error(
              `${String(error)}; manager ${JSON.stringify(theirs)}; alice ${JSON.stringify(status)} ${JSON.stringify(mine)}`,
            );
          })) - decided,
        );
      }
      const p95 = percentile(latencies, 95);
      add({
        part: 'live',
        name: `a decision on one app seen in the other's view, p95 (${CHANGES} changes, p50 ${percentile(latencies, 50).toFixed(0)} ms, ${range(latencies)} ms)`,
        value: p95,
        unit: 'ms',
        target: '≤ 1,000 ms',
        met: p95 <= 1_000,
      });

      // Nothing more happens: the open stream's heartbeats are all that should pass.
      const status = await hers.handlers['sync.status'](undefined);
      if (!status.live) throw new Error('Alice’s app is not live before the idle minutes');
      await new Promise((r) => setTimeout(r, 2_000));
      requests = 0;
      heartbeats = 0;
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const minutes = IDLE_MS / 60_000;
      add({
        part: 'live',
        name: `requests of an idle app with its stream open, over ${minutes} min (${heartbeats} heartbeats heard)`,
        value: requests,
        unit: 'requests',
        target: '0, heartbeats only',
        met: requests === 0 && heartbeats >= Math.floor(IDLE_MS / 25_000) - 1,
      });
    } finally {
      await browser.close();
      await host.close();
      hers.close();
      manager.close();
      await proxy.stop();
    }
  },
};
