import { join } from 'node:path';
import WebSocket from 'ws';
import type { BridgeMessage } from '../../src-shared/appApi';
import { startWebHost } from '../../src-main/web/webHost';
import { percentile, ROOT, timed, type Figure } from '../benchKit';
import type { BenchPart } from '../context';
import { calendarRanges } from '../ranges';

export const readsPart: BenchPart = {
  name: 'reads',
  about: 'reads through the app API, in-process and over the WebSocket bridge',
  async run(ctx) {
    const { h, backend } = ctx;
    const add = (f: Figure) => ctx.add(f);
    await ctx.synced();
    // A month of 500 people, as the calendar view shows a page of them; a quarter of everyone, as
    // the wall chart's Quarter zoom reads it.
    const { month, quarter } = calendarRanges();
    /** Name, the read, its call and arguments (for the bridge), and its limit in ms in-process. */
    const reads: [string, () => Promise<unknown>, string, unknown, number][] = [
      [
        'trainings page, search + sort',
        () => h['trainings.list']({ search: 'safety', sortBy: 'expiryDate', sortOrder: 'desc', pageSize: 25 }),
        'trainings.list',
        { search: 'safety', sortBy: 'expiryDate', sortOrder: 'desc', pageSize: 25 },
        5,
      ],
      ['calendar month', () => h['calendar.range'](month), 'calendar.range', month, 5],
      ['calendar quarter, everyone', () => h['calendar.range'](quarter), 'calendar.range', quarter, 30],
      ['wall chart quarter, everyone', () => h['calendar.chart'](quarter), 'calendar.chart', quarter, 30],
      [
        'unread notifications',
        () => h['notifications.list']({ unreadOnly: true, pageSize: 25 }),
        'notifications.list',
        { unreadOnly: true, pageSize: 25 },
        5,
      ],
    ];
    const people = ((await h['calendar.range'](month)) as { users: unknown[] }).users.length;
    const everyone = ((await h['calendar.range'](quarter)) as { users: unknown[] }).users.length;
    for (const [name, read, , , limit] of reads) {
      // Twenty first, unmeasured: the read's code compiled and its pages in memory, as in an app
      // that has been open a while.
      for (let i = 0; i < 20; i++) await read();
      const times: number[] = [];
      for (let i = 0; i < 200; i++) times.push((await timed(read)).ms);
      const p95 = percentile(times, 95);
      const count = name === 'calendar month' ? people : name.includes('quarter') ? everyone : 0;
      add({
        part: 'reads',
        name: `${name}${count ? ` (${count} people)` : ''}, in-process p95 (p50 ${percentile(times, 50).toFixed(2)})`,
        value: p95,
        unit: 'ms',
        target: `≤ ${limit} ms`,
        met: p95 <= limit,
      });
    }
    const renderer = join(ROOT, 'out', 'renderer');
    const host = await startWebHost({ backend, rendererDir: renderer, key: 'bench'.repeat(8) });
    const origin = new URL(host.url).origin;
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/bridge?key=${'bench'.repeat(8)}`, {
      headers: { origin },
    });
    await new Promise((r) => ws.once('open', r));
    let nextId = 1;
    const waiting = new Map<number, () => void>();
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as BridgeMessage;
      if ('id' in m) waiting.get(m.id)?.();
    });
    const overBridge = (call: string, args: unknown) =>
      new Promise<void>((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ id, call, args }));
      });
    // Over the bridge as the views read: the wall chart reads its compact form, not whole records.
    for (const [name, , call, args, limit] of reads.filter(([name]) => name !== 'calendar quarter, everyone')) {
      const times: number[] = [];
      for (let i = 0; i < 200; i++) times.push((await timed(() => overBridge(call, args))).ms);
      const p95 = percentile(times, 95);
      add({
        part: 'reads',
        name: `${name}, WebSocket p95 (p50 ${percentile(times, 50).toFixed(2)})`,
        value: p95,
        unit: 'ms',
        target: `≤ ${limit + 10} ms`,
        met: p95 <= limit + 10,
      });
    }
    ws.close();

    await host.close();
  },
};
