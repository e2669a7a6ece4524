import type { Leave, List } from '../../src-shared/wire';
import {
  choose,
  dayOf,
  expect,
  expectAccessible,
  fillDate,
  inDark,
  literally,
  longDate,
  screenshot,
  showDay,
  signIn,
  signInAs,
  test,
  toggle,
  whileOffline,
} from './fixtures';

// Half days in the request dialog: a single afternoon offline, counted and checked before it waits.

const nextYear = new Date().getUTCFullYear() + 1;

/** The first Friday of March next year (no public holiday of Carol's falls on it). */
function firstFridayOfMarch(): string {
  const d = new Date(Date.UTC(nextYear, 2, 1));
  while (d.getUTCDay() !== 5) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test('an employee offline asks for a Friday afternoon: half a day, the balance after it, sent once when back', async ({
  page,
  app,
}) => {
  const friday = firstFridayOfMarch();
  await signIn(page, app, 'carol@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  const status = page.getByRole('status', { name: 'Sync status' });
  await whileOffline(page, app, async () => {
    await page.getByRole('button', { name: 'New leave request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New leave request' });
    await fillDate(dialog, 'Start date', friday);
    await expect(dialog.getByRole('status')).toContainText('1 working day');
    await choose(dialog, 'Half day', 'Afternoon only');
    await expect(dialog.getByRole('status')).toContainText('0.5 working days');
    await expect(dialog.getByRole('status')).toContainText(/After this request: [\d.]+ days? of annual leave left/);
    // Over several days the choices are where the first starts and where the last ends.
    await fillDate(
      dialog,
      'End date',
      new Date(Date.parse(`${friday}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10),
    );
    const halves = dialog.getByRole('group', { name: 'Half day' });
    await expect(halves.getByRole('checkbox', { name: 'Start in the afternoon' })).toBeChecked();
    await toggle(halves, 'End at midday', true);
    await expect(dialog.getByRole('status')).toContainText('1 working day');
    await expectAccessible(page, 'half days over several days');
    await screenshot(page, '80-request-half-days', { fullPage: false });
    await inDark(page, () => screenshot(page, '80-request-half-days-dark', { fullPage: false }));
    await fillDate(dialog, 'End date', friday);
    await expect(dialog.getByRole('button', { name: /Half day/ })).toContainText('Afternoon only');
    await expect(dialog.getByRole('status')).toContainText('0.5 working days');
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(status).toContainText('1 waiting to sync');
    // My requests say the half.
    await expect(page.getByRole('row', { name: `${await dayOf(page, friday)} afternoon`, exact: true })).toBeVisible();
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  const carol = await app.service.as('carol@acme.test');
  const held = (await carol<List<Leave>>('GET', '/api/leave?pageSize=500')).body.data.filter((l) =>
    l.startDate.startsWith(friday),
  );
  expect(held.map((l) => [l.days, l.startPart, l.endPart, l.status])).toEqual([[0.5, 'AFTERNOON', 'FULL', 'PENDING']]);

  // The admin approves it offline; once back, the service holds it approved, half a day, once.
  await signInAs(page, 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  const fridayWords = await dayOf(page, friday);
  await whileOffline(page, app, async () => {
    await page.getByRole('button', { name: new RegExp(`^Approve Carol .*${literally(fridayWords).source}`) }).click();
    const approve = page.getByRole('dialog', { name: /^Approve Carol/ });
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(approve).toHaveCount(0);
    await expect(status).toContainText('1 waiting to sync');
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  const decided = (await carol<List<Leave>>('GET', '/api/leave?pageSize=500')).body.data.filter((l) =>
    l.startDate.startsWith(friday),
  );
  expect(decided.map((l) => [l.days, l.status])).toEqual([[0.5, 'APPROVED']]);

  // The wall chart draws the afternoon as the right half of Carol's Friday.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  const chart = page.getByRole('grid', { name: 'Leave calendar' });
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('Carol');
  await showDay(page, friday);
  const cell = chart.getByRole('gridcell', {
    name: new RegExp(`^Carol .*, ${await longDate(page, friday)}: Annual leave \\(afternoon\\), approved`),
  });
  await expect(cell).toBeVisible();
  await expect(cell).toHaveClass(/calendar-half-afternoon/);
  await cell.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'the wall chart with a half day');
  await screenshot(page, '81-chart-half-day', { fullPage: false });
  await inDark(page, () => screenshot(page, '81-chart-half-day-dark', { fullPage: false }));
});
