import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { addDays, isWeekend, utcToday } from '../../src-shared/calendar/dates';
import { publicHolidaysBetween } from '../../src-shared/holidays/publicHolidays';
import type { Calendar, Leave } from '../../src-shared/wire';
import {
  dayOf,
  expect,
  expectAccessible,
  inDark,
  longDate,
  screenshot,
  showDay,
  signIn,
  test,
  toggle,
} from './fixtures';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const monthStart = (d: string, plus: number) => {
  const [y, m] = d.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(y, m - 1 + plus, 1));
  return at.toISOString().slice(0, 10);
};
const monthEnd = (start: string) => addDays(monthStart(start, 1), -1);

test('the wall chart: holidays by nationality, per-day counts, zooms, a keyboard walk, a decision and the .ics', async ({
  page,
  app,
}) => {
  const today = utcToday(new Date());
  const manager = await app.service.as('manager@acme.test');
  // A month in the synced year ahead where two people shown, of different nationalities, have
  // public holidays on different days.
  let chosen: { month: string; holidays: { name: string; date: string; holiday: string }[] } | null = null;
  for (let k = 0; k <= 11 && !chosen; k++) {
    const month = monthStart(today, k);
    const cal = (await manager<Calendar>('GET', `/api/leave/calendar?startDate=${month}&endDate=${monthEnd(month)}`))
      .body;
    const byCountry = new Map<string, { name: string; date: string; holiday: string }>();
    for (const u of cal.users) {
      const h = u.holidays[0];
      if (h && !byCountry.has(u.user.nationality)) {
        byCountry.set(u.user.nationality, {
          name: `${u.user.firstName} ${u.user.lastName}`,
          date: h.date,
          holiday: h.name,
        });
      }
    }
    const two = [...byCountry.values()];
    const other = two.find((x) => x.date !== two[0]?.date);
    if (two[0] && other) chosen = { month, holidays: [two[0], other] };
  }
  expect(chosen, 'a month with holidays of two nationalities on different days').not.toBeNull();
  const holidays = chosen!.holidays;
  // Leave in a month past the demo data's (it ends within 190 days of today), on two working days
  // that are no one's holiday: Alice away both (approved), Bob the second (pending).
  let month = monthStart(today, 7);
  while (month < addDays(today, 195)) month = monthStart(month, 1);
  const workdays: string[] = [];
  for (let d = addDays(month, 7); workdays.length < 2; d = addDays(d, 1)) {
    const anyHoliday = ['GB', 'DE'].some((c) => publicHolidaysBetween(c, d, d).length > 0);
    if (!isWeekend(d) && !anyHoliday) workdays.push(d);
  }
  const [first, second] = workdays as [string, string];
  const alice = await app.service.as('alice@acme.test');
  const bob = await app.service.as('bob@acme.test');
  const aliceLeave = (await alice<Leave>('POST', '/api/leave', { startDate: first, endDate: second, type: 'ANNUAL' }))
    .body;
  await manager('PUT', `/api/leave/${aliceLeave.id}/status`, { status: 'APPROVED' });
  await bob<Leave>('POST', '/api/leave', { startDate: second, endDate: second, type: 'UNPAID', notes: 'Moving day' });

  await signIn(page, app, 'manager@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  const chart = page.getByRole('grid', { name: 'Leave calendar' });
  await expect(chart).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'My team' })).toBeChecked();
  await toggle(page, 'My team', false);
  await showDay(page, chosen!.month);

  // Holidays of people of two nationalities, each on their own row and day, named.
  for (const h of holidays) {
    await page.getByRole('searchbox', { name: 'Find a person' }).fill(h.name);
    await expect(
      chart.getByRole('gridcell', {
        name: new RegExp(`^${escape(`${h.name}, ${await longDate(page, h.date)}: ${h.holiday} (public holiday)`)}`),
      }),
    ).toBeVisible();
  }
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('');
  await showDay(page, month);

  // Alice's approved annual leave and Bob's pending unpaid day, with the count of people out.
  await expect(
    chart.getByRole('gridcell', { name: `Alice Archer, ${await longDate(page, first)}: Annual leave, approved` }),
  ).toBeVisible();
  await expect(
    chart.getByRole('gridcell', { name: `Bob Becker, ${await longDate(page, second)}: Unpaid leave, pending` }),
  ).toBeVisible();
  const shown = await chart.getByRole('rowheader').count();
  await expect(
    chart.getByRole('gridcell', { name: new RegExp(`^${escape(await longDate(page, first))}: 1 of \\d+ out$`) }),
  ).toBeVisible();
  await expect(
    chart.getByRole('gridcell', { name: new RegExp(`^${escape(await longDate(page, second))}: 2 of \\d+ out`) }),
  ).toBeVisible();
  expect(shown).toBeGreaterThan(3);
  // Minor rules too: each date heading is named, the day's number shown first (axe's empty-table-header).
  await expect(
    chart.getByRole('columnheader', { name: `1, ${await longDate(page, month)}`, exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'calendar month', { minor: true });
  await screenshot(page, '05b-calendar-month');

  // Keyboard: one tab stop; arrows, Home and End move between cells, each named.
  const aliceFirst = chart.getByRole('gridcell', {
    name: `Alice Archer, ${await longDate(page, first)}: Annual leave, approved`,
  });
  await aliceFirst.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(aliceFirst).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(
    chart
      .getByRole('gridcell', { name: `Alice Archer, ${await longDate(page, addDays(first, 1))}`, exact: false })
      .first(),
  ).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.locator(':focus')).toHaveAttribute('role', 'rowheader');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^Alice Archer, Engineering/);
  await page.keyboard.press('End');
  await expect(page.locator(':focus')).toHaveAttribute(
    'aria-label',
    new RegExp(`^Alice Archer, ${await longDate(page, monthEnd(month))}`),
  );
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(':focus')).not.toHaveAttribute('aria-label', /^Alice Archer/);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageUp');
  await expect(page.locator(':focus')).toHaveAttribute('role', 'gridcell');
  // Only one cell of the grid is in the tab order.
  expect(await chart.locator('[tabindex="0"]').count()).toBe(1);

  // Enter on Bob's pending day opens it; the manager approves it from there.
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('Becker');
  const bobDay = chart.getByRole('gridcell', {
    name: `Bob Becker, ${await longDate(page, second)}: Unpaid leave, pending`,
  });
  // A click opens it too; back on the cell, Enter opens it again.
  await bobDay.click();
  await page.keyboard.press('Escape');
  await expect(bobDay).toBeFocused();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Unpaid leave · Bob Becker' });
  await expect(details).toContainText('Moving day');
  await details.getByRole('button', { name: 'Approve' }).click();
  const decision = page.getByRole('dialog', { name: `Approve Bob Becker, ${await dayOf(page, second)}` });
  await decision.getByRole('button', { name: 'Approve' }).click();
  await expect(details).toHaveCount(0);
  await expect(
    chart.getByRole('gridcell', { name: `Bob Becker, ${await longDate(page, second)}: Unpaid leave, approved` }),
  ).toBeVisible();
  // Alice's approved day: its details tell her manager what she has left of annual leave.
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('Archer');
  await chart
    .getByRole('gridcell', { name: `Alice Archer, ${await longDate(page, first)}: Annual leave, approved` })
    .click();
  const hers = page.getByRole('dialog', { name: 'Annual leave · Alice Archer' });
  await expect(hers).toContainText(/Annual leave left-?\d+(\.5)? days? \(\d+(\.5)? days? without this request\)/);
  await hers.getByRole('button', { name: 'Close' }).first().click();
  await expect(hers).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('');

  // Zooms: a week of seven days, a quarter of about ninety.
  await page.getByRole('radio', { name: 'Week' }).check({ force: true });
  await expect(chart.getByRole('columnheader')).toHaveCount(8);
  await showDay(page, first);
  await expect(
    chart.getByRole('gridcell', { name: `Alice Archer, ${await longDate(page, first)}: Annual leave, approved` }),
  ).toBeVisible();
  await screenshot(page, '05c-calendar-week');
  await page.getByRole('radio', { name: 'Quarter' }).check({ force: true });
  // The chart keeps the month's days until the quarter's answer comes: wait for it.
  await expect.poll(() => chart.getByRole('columnheader').count()).toBeGreaterThanOrEqual(91);
  // The quarter fits its box at 1440 px: the days narrow rather than run past the person column's view.
  await page.setViewportSize({ width: 1440, height: 900 });
  const lastDay = chart.getByRole('columnheader').last();
  const box = (await chart.boundingBox())!;
  const last = (await lastDay.boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);
  expect(await chart.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expectAccessible(page, 'calendar quarter');
  await screenshot(page, '05d-calendar-quarter');
  await inDark(page, () => screenshot(page, '05d-calendar-quarter-dark'));

  // The .ics of what is shown parses back: one all-day event per request, with UID, DTSTAMP and status.
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('Archer');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export iCal' }).click(),
  ]);
  const text = readFileSync((await download.path())!, 'utf8');
  const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
  const mine = vevents.find((v) => v.getFirstPropertyValue('uid') === `${aliceLeave.id}@hr-offline`);
  expect(mine).toBeDefined();
  const event = new ICAL.Event(mine!);
  expect(event.startDate.isDate).toBe(true);
  expect(event.startDate.toString()).toBe(first);
  expect(event.endDate.toString()).toBe(addDays(second, 1));
  expect(mine!.getFirstPropertyValue('status')).toBe('CONFIRMED');
  expect(mine!.getFirstPropertyValue('dtstamp')).toBeTruthy();
  expect(event.summary).toBe('Alice Archer: Annual leave');
});

test("the wall chart's keyboard focus starts on today, or on the first day of another month", async ({ page, app }) => {
  const today = utcToday(new Date());
  await signIn(page, app, 'manager@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  const chart = page.getByRole('grid', { name: 'Leave calendar' });
  await expect(chart.getByRole('columnheader', { name: `${await longDate(page, today)} (today)` })).toBeVisible();
  // Row 2 of the grid's keyboard rows: the first person (rows 0 and 1 are the dates and the counts).
  const first = (await chart.locator('[data-nav="2"] [role="rowheader"]').getAttribute('aria-label'))!.split(',')[0]!;
  // Tab from the last filter into the grid: the first person's today, not the 1st of the month.
  await page.getByRole('checkbox', { name: 'My team' }).focus();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('role', 'gridcell');
  await expect(focused).toHaveAttribute(
    'aria-label',
    new RegExp(`^${escape(`${first}, ${await longDate(page, today)} (today)`)}`),
  );
  await screenshot(page, '05e-calendar-focus-today');
  await inDark(page, () => screenshot(page, '05e-calendar-focus-today-dark', { fullPage: false }));

  // Another month shown: today is not in it, so the first day.
  const next = monthStart(today, 1);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(chart.getByRole('columnheader', { name: await longDate(page, next) })).toBeVisible();
  await page.getByRole('checkbox', { name: 'My team' }).focus();
  await page.keyboard.press('Tab');
  await expect(focused).toHaveAttribute(
    'aria-label',
    new RegExp(`^${escape(`${first}, ${await longDate(page, next)}`)}`),
  );
});
