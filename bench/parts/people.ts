import { percentile, range, timed, type Figure } from '../benchKit';
import type { BenchPart } from '../context';

/** What people type into the directory's search: a whole name, its start, a part of an email, a miss. */
const SEARCHES = ['an', 'mar', 'Fischer', 'ada', '.3@', 'engineering', 'zzz', 'e', 'Ko', 'archer'];

export const peoplePart: BenchPart = {
  name: 'people',
  about: "the directory's search in the admin's cache, and the organization chart of everyone painted",
  async run(ctx) {
    const { h } = ctx;
    const add = (f: Figure) => ctx.add(f);
    await ctx.synced();
    const everyone = (await h['users.chart'](undefined)).length;
    const search = (text: string) => h['users.list']({ search: text, pageSize: 50 });
    for (let i = 0; i < 20; i++) await search(SEARCHES[i % SEARCHES.length]!);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) times.push((await timed(() => search(SEARCHES[i % SEARCHES.length]!))).ms);
    const p95 = percentile(times, 95);
    add({
      part: 'people',
      name: `the directory searched (${everyone} people), in-process p95 (p50 ${percentile(times, 50).toFixed(2)})`,
      value: p95,
      unit: 'ms',
      target: '≤ 15 ms',
      met: p95 <= 15,
    });

    // The chart with every branch open: everyone of the organization in one tree.
    const { page, paintedAfter, url } = await ctx.page();
    await page.goto(`${url}#/people?tab=chart`);
    await page.getByRole('tree', { name: 'Organization chart' }).getByRole('treeitem').first().waitFor();
    const paints: number[] = [];
    for (let i = 0; i < 5; i++) {
      paints.push(
        await paintedAfter(
          `() => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Expand all').click()`,
          `document.querySelectorAll('[role="treeitem"]').length === ${everyone}`,
        ),
      );
      await page.getByRole('button', { name: 'Collapse all' }).click();
      await page.waitForFunction(`document.querySelectorAll('[role="treeitem"]').length < ${everyone}`);
    }
    const painted = percentile(paints, 50);
    add({
      part: 'people',
      name: `the organization chart of ${everyone} people, every branch opened, painted after the click (median of 5, ${range(paints)} ms)`,
      value: painted,
      unit: 'ms',
      target: '≤ 300 ms',
      met: painted <= 300,
    });
  },
};
