import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { isRenewed } from '../../src-shared/records/trainingExpiry';
import type { Training, User } from '../../src-shared/wire';
import { choose, expect, expectAccessible, fillDate, screenshot, signIn, test, inDark, whileOffline } from './fixtures';

test('an admin finds a person’s trainings and what expires, records one for an employee offline, deletes one', async ({
  page,
  app,
}) => {
  const admin = await app.service.as('admin@acme.test');
  const people = (await admin<{ data: User[] }>('GET', '/api/users?pageSize=500')).body.data;
  const bob = people.find((u) => u.email === 'bob@acme.test')!;
  const all = (await admin<{ data: Training[] }>('GET', '/api/trainings?pageSize=500')).body.data;
  await signIn(page, app, 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trainings' }).click();
  const table = page.getByRole('grid', { name: 'Trainings' });
  await expect(table.getByRole('columnheader', { name: /^Person/ })).toBeVisible();
  await expectAccessible(page, 'trainings, admin');
  await screenshot(page, '31-trainings-admin', { fullPage: false });

  // One person's trainings, and only theirs.
  await page.getByRole('combobox', { name: 'Person' }).fill('Bob Becker');
  await page.getByRole('option', { name: 'Bob Becker' }).click();
  const bobs = all.filter((t) => t.userId === bob.id);
  await expect(table.getByRole('row')).toHaveCount(1 + Math.min(25, bobs.length));
  for (const name of await table.locator('tbody tr').getByRole('rowheader').allTextContents()) {
    expect(bobs.map((t) => t.name)).toContain(name);
  }
  await expect(table.locator('tbody tr').first()).toContainText('Bob Becker');

  // His record, from his name: this year's totals and what lapses next.
  await table.locator('tbody tr').first().getByRole('link', { name: 'Bob Becker' }).click();
  const record = page.getByRole('article', { name: 'Bob Becker’s training record' });
  await expect(record.getByRole('heading', { name: 'Bob Becker’s training record' })).toBeFocused();
  const year = new Date().getUTCFullYear();
  const thisYear = bobs.filter((t) => t.status !== 'CANCELLED' && t.startDate.startsWith(String(year)));
  const hours = thisYear.reduce((n, t) => n + (t.hours ?? 0), 0);
  await expect(record.getByRole('term').filter({ hasText: 'Hours' }).locator('+ dd')).toHaveText(String(hours));
  await expect(record.getByRole('table').locator('tbody tr')).toHaveCount(bobs.length);
  await expectAccessible(page, 'training record');
  await screenshot(page, '37-training-record', { fullPage: false });
  await page.goBack();

  // What expires within 90 days, for everyone.
  await choose(page, 'Expiry', 'Expiring within 90 days');
  // By whole days: from today to day 90.
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  const inDays = (t: Training) => (Date.parse(t.expiryDate!) - today) / 86_400_000;
  // A cancelled or failed training holds no certificate, whatever its date.
  const held = all.filter((t) => t.expiryDate && t.status !== 'CANCELLED' && t.outcome !== 'FAILED');
  const expiring = held.filter((t) => inDays(t) >= 0 && inDays(t) <= 90);
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(25, expiring.length));
  for (const badge of await table.locator('tbody .badge').allTextContents()) expect(badge).toMatch(/Expiring soon$/);
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // The Expiring view: its counts are the service's, and its CSV has a row a training.
  await page.getByRole('tab', { name: 'Expiring' }).click();
  // A certificate renewed since (the same course passed again) is no gap, lapsed or about to lapse.
  const gaps = held.filter((t) => !isRenewed(t, all));
  const soon = gaps.filter((t) => inDays(t) >= 0 && inDays(t) <= 90).length;
  const lapsed = gaps.filter((t) => inDays(t) < 0).length;
  const counts = page.getByRole('tabpanel', { name: 'Expiring' }).getByRole('status');
  await expect(counts).toHaveText(`${soon} expiring within 90 days · ${lapsed} lapsed`);
  await expectAccessible(page, 'expiring');
  await screenshot(page, '36-expiring', { fullPage: false });
  await inDark(page, () => screenshot(page, '36-expiring-dark', { fullPage: false }));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows = parse(readFileSync((await download.path())!, 'utf8'), { bom: true }) as string[][];
  expect(rows[0]).toEqual(['Department', 'Person', 'Training', 'Expiry date', 'State', 'Days left']);
  expect(rows).toHaveLength(1 + soon + lapsed);
  expect(rows.filter((r) => r[4] === 'Lapsed')).toHaveLength(lapsed);
  await page.getByRole('tab', { name: 'All trainings' }).click();

  // Recorded for Bob while offline: once on the service, under Bob.
  await whileOffline(page, app, async () => {
    await page.getByRole('button', { name: 'New training' }).click();
    const dialog = page.getByRole('dialog', { name: 'New training' });
    await dialog.getByRole('combobox', { name: 'Person' }).fill('Bob Becker');
    await page.getByRole('option', { name: 'Bob Becker' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Ladder safety');
    await choose(dialog, 'Type', 0);
    await choose(dialog, 'Category', 0);
    await fillDate(dialog, 'Start date', '2027-03-01');
    await screenshot(page, '32-training-for-someone');
    await dialog.getByRole('button', { name: 'Add training' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search trainings' }).fill('Ladder');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr')).toContainText('Bob Becker');
  });
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 15_000 });
  const made = (await admin<{ data: Training[] }>('GET', '/api/trainings?search=Ladder&pageSize=500')).body.data;
  expect(made.map((t) => [t.name, t.userId])).toEqual([['Ladder safety', bob.id]]);

  // Deleted after a confirmation that names it and whose it is: gone from the service once.
  await page.getByRole('button', { name: 'Actions for Ladder safety' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this training?' });
  await expect(confirm).toContainText('“Ladder safety” of Bob Becker will be deleted');
  await expectAccessible(page, 'delete training');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('No training matches these filters.')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 15_000 });
  expect((await admin<{ data: Training[] }>('GET', '/api/trainings?search=Ladder')).body.data).toEqual([]);
});

test('a manager sees whose each of the team’s trainings is; a cancelled one offers no “Mark passed”', async ({
  page,
  app,
}) => {
  // One of Alice's, cancelled.
  const manager = await app.service.as('manager@acme.test');
  const alice = (await manager<{ data: User[] }>('GET', '/api/users?search=alice')).body.data[0]!;
  const one = (await manager<{ data: Training[] }>('GET', `/api/trainings?userId=${alice.id}`)).body.data[0]!;
  const dropped = (
    await manager<Training>('POST', '/api/trainings', {
      userId: alice.id,
      name: 'Dropped course',
      typeId: one.typeId,
      categoryId: one.categoryId,
      startDate: '2027-04-01',
    })
  ).body;
  await manager('PATCH', `/api/trainings/${dropped.id}`, { status: 'CANCELLED' });
  // And one of hers starting in three months: planned, not begun.
  const inThreeMonths = new Date(Date.now() + 92 * 86_400_000).toISOString().slice(0, 10);
  await manager('POST', '/api/trainings', {
    userId: alice.id,
    name: 'Course not begun',
    typeId: one.typeId,
    categoryId: one.categoryId,
    startDate: inThreeMonths,
  });
  await signIn(page, app, 'manager@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trainings' }).click();
  const table = page.getByRole('grid', { name: 'Trainings' });
  await page.getByRole('columnheader', { name: /^Person/ }).click();
  const owners = await table
    .locator('tbody tr td:nth-child(2) .trainings-person')
    .evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ''));
  expect(owners.length).toBeGreaterThan(0);
  expect(new Set(owners).size).toBeGreaterThan(1);
  for (const o of owners) expect(['Alice Archer', 'Bob Becker', 'Max Manager']).toContain(o);
  expect([...owners].sort((a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!))).toEqual(owners);

  await page.getByRole('searchbox', { name: 'Search trainings' }).fill('Dropped');
  const cancelled = table.locator('tbody tr');
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled).toContainText('Cancelled · not applicable');
  await cancelled.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Edit…', 'Mark as planned again', 'Delete…']);
  await page.keyboard.press('Escape');

  // One that has not started yet can only be cancelled: not marked in progress, nor passed.
  await page.getByRole('searchbox', { name: 'Search trainings' }).fill('Course not begun');
  const ahead = table.locator('tbody tr');
  await expect(ahead).toHaveCount(1);
  await expect(ahead).toContainText('Planned');
  await ahead.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Edit…', 'Mark as cancelled', 'Delete…']);
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search trainings' }).fill('Dropped');
  await expect(cancelled).toHaveCount(1);
  await screenshot(page, '33-trainings-manager', { fullPage: false });
});
