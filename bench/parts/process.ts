import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BackendSupervisor } from '../../src-main/launch/backendSupervisor';
import { MemoryTokenStore } from '../../src-main/core/session/tokens';
import { forkedBackend } from '../../test/support/forkedBackend';
import { timed, type Figure } from '../benchKit';
import type { BenchPart } from '../context';

export const processPart: BenchPart = {
  name: 'process',
  about: "the main process's event loop while the backend syncs in its own process",
  async run(ctx) {
    const { service, work } = ctx;
    const add = (f: Figure) => ctx.add(f);
    const moveCounter = () => ctx.moveCounter();
    // The backend in its own process, as the desktop app runs it: this (main) process's event
    // loop while an admin's first sync runs there, its longest stall against a budget of 50 ms.
    // The bundle the app ships (electron-vite's build, which the bench makes first), so its memory
    // is the backend's own: no loader, no bench beside it.
    let pid = 0;
    const supervisor = new BackendSupervisor({
      spawn: forkedBackend((child) => (pid = child.pid!), { built: true }),
      tokens: new MemoryTokenStore(),
      start: {
        dataDir: join(work, 'app-forked'),
        serviceUrl: service.url,
        cacheKey: { hex: randomBytes(32).toString('hex'), kept: true },
        sync: { autoStart: false, debounceMs: 3_600_000 },
      },
    });
    await supervisor.started;
    await supervisor.call('session.signIn', {
      serviceUrl: service.url,
      email: 'admin@acme.test',
      password: 'demo1234',
    });
    await moveCounter();
    const rssBefore = memoryOf(pid).rss;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const forkedSync = await timed(() => supervisor.call('sync.now', undefined));
    loop.disable();
    const stallMs = loop.max / 1e6;
    add({
      part: 'process',
      name: `main process's longest event-loop stall during a first sync in the backend's process (${forkedSync.ms.toFixed(0)} ms sync; p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms)`,
      value: stallMs,
      unit: 'ms',
      target: '≤ 50 ms',
      met: stallMs <= 50,
    });
    // The kernel's high-water mark of the process's resident memory: its peak, however brief.
    const { peak } = memoryOf(pid);
    add({
      part: 'process',
      name: `peak RSS of the backend's own process (as built) through an admin's first sync (${Math.round(rssBefore / 1024)} MB before it)`,
      value: peak / 1024,
      unit: 'MB',
      target: '≤ 300 MB',
      met: peak / 1024 <= 300,
    });
    await supervisor.close();
  },
};

/** A Linux process's resident memory now and at its peak, in kB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
