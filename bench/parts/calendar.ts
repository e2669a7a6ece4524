import { percentile, range, withLimit, type Figure } from '../benchKit';
import type { BenchPart } from '../context';
import { calendarRanges } from '../ranges';

export const calendarPart: BenchPart = {
  name: 'calendar',
  about: 'the wall chart painted, its Quarter zoom, frames while scrolling it',
  async run(ctx) {
    const { h } = ctx;
    const add = (f: Figure) => ctx.add(f);
    const { page, paintedAfter } = await ctx.page();
    const { quarter, quarterDays } = calendarRanges();
    const everyone = ((await h['calendar.range'](quarter)) as { users: unknown[] }).users.length;
    const navigations: number[] = [];
    for (let i = 0; i < 5; i++) {
      if (i > 0) {
        await page.getByRole('link', { name: 'Trainings' }).click();
        await page
          .getByRole('heading', { name: /Trainings/ })
          .first()
          .waitFor();
      }
      navigations.push(
        await paintedAfter(
          `() => [...document.querySelectorAll('a')].find((a) => a.textContent.trim() === 'Calendar').click()`,
          `document.querySelector('[role="grid"] .calendar-wall-row.calendar-person')`,
        ),
      );
    }
    const painted = percentile(navigations, 50);
    add({
      part: 'calendar',
      name: `navigate to a painted wall chart, month (${everyone} people; median of 5, ${range(navigations)} ms)`,
      value: painted,
      unit: 'ms',
      target: '≤ 300 ms',
      met: painted <= 300,
    });
    const zooms: number[] = [];
    const radio = (value: string) => `() => document.querySelector('input[type="radio"][value="${value}"]').click()`;
    for (let i = 0; i < 5; i++) {
      await page.evaluate(`(${radio('month')})()`);
      await page
        .locator(
          '[role="grid"][aria-colcount="32"], [role="grid"][aria-colcount="31"], [role="grid"][aria-colcount="29"], [role="grid"][aria-colcount="30"]',
        )
        .waitFor();
      await page.locator('[role="grid"] .calendar-wall-row.calendar-person').first().waitFor();
      zooms.push(
        await paintedAfter(
          radio('quarter'),
          `document.querySelector('[role="grid"][aria-colcount="${quarterDays + 1}"] .calendar-wall-row.calendar-person')`,
        ),
      );
    }
    const quarterPainted = percentile(zooms, 50);
    add({
      part: 'calendar',
      name: `Quarter zoom painted after the click (${everyone} people, ${quarterDays} days; median of 5, ${range(zooms)} ms)`,
      value: quarterPainted,
      unit: 'ms',
      target: '≤ 300 ms',
      met: quarterPainted <= 300,
    });
    const frames = (await withLimit(
      page.evaluate(`new Promise((resolve) => {
        const chart = document.querySelector('[role="grid"]');
        const deltas = [];
        let last = performance.now();
        const step = (now) => {
          deltas.push(now - last);
          last = now;
          chart.scrollBy(0, 40);
          if (deltas.length < 150) requestAnimationFrame(step);
          else resolve(deltas.slice(5));
        };
        requestAnimationFrame(step);
      })`),
      60_000,
      'frames while scrolling the quarter',
    )) as number[];
    const fps = 1000 / (frames.reduce((s, d) => s + d, 0) / frames.length);
    add({
      part: 'calendar',
      name: `frames while scrolling the quarter (p95 frame ${percentile(frames, 95).toFixed(1)} ms)`,
      value: fps,
      unit: 'fps',
      target: '≥ 60 fps (≥ 58 measured), p95 frame ≤ 20 ms',
      met: fps >= 58 && percentile(frames, 95) <= 20,
    });
  },
};
