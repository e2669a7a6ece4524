import type { Page } from '@playwright/test';
import type { Training } from '../../src-shared/wire';
import { accountMenu, choose, expect, expectAccessible, fillDate, screenshot, signIn, test, inDark } from './fixtures';
import { quietFor } from '../support/waits';

/**
 * Chooses an item of a training's Actions menu. The row is drawn again when its record comes back
 * from the service (its id changes): a press that lands just then opens the old row's menu, so the
 * menu is opened again until the item shows.
 */
async function fromActions(page: Page, training: string, item: string) {
  const choice = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await choice.isVisible())) await page.getByRole('button', { name: `Actions for ${training}` }).click();
    await choice.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test('notifications: unread badge, filter, mark read, mark all read, click through', async ({ page, app }) => {
  await signIn(page, app, 'manager@acme.test');
  const api = await app.service.as('manager@acme.test');
  const unread = (await api<{ meta: { unreadCount: number } }>('GET', '/api/notifications')).body.meta.unreadCount;
  expect(unread).toBeGreaterThan(1);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: `Notifications, ${unread} unread` })).toBeVisible();
  await nav.getByRole('link', { name: /^Notifications/ }).click();

  await choose(page, 'Show', 'Unread only');
  const markButtons = page.getByRole('button', { name: /^Mark read: “.*”$/ });
  await expect(markButtons).toHaveCount(Math.min(unread, 20));
  await markButtons.first().click();
  await expect(nav.getByRole('link', { name: `Notifications, ${unread - 1} unread` })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 10_000 });
  expect((await api<{ meta: { unreadCount: number } }>('GET', '/api/notifications')).body.meta.unreadCount).toBe(
    unread - 1,
  );

  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('Nothing unread.')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 10_000 });
  expect((await api<{ meta: { unreadCount: number } }>('GET', '/api/notifications')).body.meta.unreadCount).toBe(0);

  await choose(page, 'Show', 'All');
  await choose(page, 'About', 'Leave to decide');
  const leaveLink = page.getByRole('link', { name: /^Leave request from/ }).first();
  await leaveLink.click();
  // A colleague's request opens in Approvals.
  await expect(page).toHaveURL(/#\/approvals\?id=/);
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
});

test('trainings: search, sort, filter, page; create, edit and mark passed; expiry shown', async ({ page, app }) => {
  await signIn(page, app, 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trainings' }).click();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(25);
  await expect(page.getByRole('navigation', { name: 'Training pages' })).toContainText('Page 1 of');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('navigation', { name: 'Training pages' })).toContainText('Page 2 of');

  await page.getByLabel('Search trainings').fill('fire saf');
  await expect(rows.first().getByRole('rowheader')).toHaveText(/^Fire safety \(/);
  const names = await rows.getByRole('rowheader').allTextContents();
  expect(names.every((n) => n.startsWith('Fire safety ('))).toBe(true);

  await page.getByLabel('Search trainings').fill('');
  await page.getByRole('columnheader', { name: /Hours/ }).click();
  await page.getByRole('columnheader', { name: /Hours/ }).click();
  await expect(page.getByRole('columnheader', { name: /Hours/ })).toHaveAttribute('aria-sort', 'descending');
  // The rows follow once the backend answered the new order.
  await expect
    .poll(async () => {
      const hours = (await rows.locator('td:nth-child(6)').allTextContents()).map(Number);
      return hours.length > 1 && hours.every((h, i) => i === 0 || hours[i - 1]! >= h);
    })
    .toBe(true);

  await choose(page, 'Expiry', 'Expired');
  await expect(rows.first().locator('.badge').first()).toContainText('Expired');
  await choose(page, 'Expiry', 'Any');
  await choose(page, 'Status', 'Planned');
  await expect(rows.first().locator('td:nth-child(8)')).toContainText('Planned');
  await choose(page, 'Status', 'Any');

  await page.getByRole('button', { name: 'New training' }).click();
  const dialog = page.getByRole('dialog', { name: 'New training' });
  await dialog.getByLabel('Name').fill('Zebra crossing safety');
  await choose(dialog, 'Type', 0);
  await choose(dialog, 'Category', 0);
  // Over already, so it may be marked passed below.
  await fillDate(dialog, 'Start date', '2026-11-02');
  await fillDate(dialog, 'Expiry date', '2026-11-01');
  await dialog.getByRole('button', { name: 'Add training' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The expiry date is before the start date');
  // The message stands next to its field too, and what was typed stays.
  await expect(dialog.getByRole('group', { name: 'Expiry date' })).toHaveAccessibleDescription(
    /The expiry date is before the start date/,
  );
  await expect(dialog.getByLabel('Name')).toHaveValue('Zebra crossing safety');
  await fillDate(dialog, 'Expiry date', '2027-01-10');
  await dialog.getByLabel('Hours').fill('3');
  await expectAccessible(page, 'new training dialog');
  await screenshot(page, '08-new-training');
  await dialog.getByRole('button', { name: 'Add training' }).click();
  await expect(dialog).toHaveCount(0);

  // Once it has reached the service its row stands still (it is drawn again when its id arrives).
  await expect(page.getByRole('status', { name: 'Sync status' })).not.toContainText('waiting', { timeout: 15_000 });
  await page.getByLabel('Search trainings').fill('zebra');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('.badge').first()).toContainText('Expiring soon');
  await fromActions(page, 'Zebra crossing safety', 'Edit…');
  await page.getByRole('dialog', { name: 'Edit training' }).getByLabel('Hours').fill('4');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(rows.first().locator('td:nth-child(6)')).toHaveText('4');
  await fromActions(page, 'Zebra crossing safety', 'Mark as passed');
  await expect(rows.first().locator('td:nth-child(8)')).toHaveText('Completed · passed');

  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 10_000 });
  const api = await app.service.as('admin@acme.test');
  const onService = (await api<{ data: Training[] }>('GET', '/api/trainings?search=zebra')).body.data;
  expect(onService.map((t) => [t.name, t.hours, t.status, t.outcome])).toEqual([
    ['Zebra crossing safety', 4, 'COMPLETED', 'PASSED'],
  ]);
});

/** A training of one's own from the Trainings view, with the first type and category. */
async function addTraining(page: Page, name: string, startDate: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trainings' }).click();
  await page.getByRole('button', { name: 'New training' }).click();
  const dialog = page.getByRole('dialog', { name: 'New training' });
  await dialog.getByLabel('Name').fill(name);
  await choose(dialog, 'Type', 0);
  await choose(dialog, 'Category', 0);
  await fillDate(dialog, 'Start date', startDate);
  await dialog.getByRole('button', { name: 'Add training' }).click();
  await expect(dialog).toHaveCount(0);
}

test('offline: work with the service stopped, see it pending, and "Synced" with each change once after', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'alice@acme.test');
  const status = page.getByRole('status', { name: 'Sync status' });
  await app.service.stop();
  try {
    await addTraining(page, 'Offline orienteering', '2027-02-01');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Notifications/ })
      .click();
    await choose(page, 'Show', 'Unread only');
    await page
      .getByRole('button', { name: /^Mark read: “.*”$/ })
      .first()
      .click();
    await expect(status).toContainText('Offline', { timeout: 15_000 });
    await expect(status).toContainText('2 waiting to sync');
    await screenshot(page, '09-offline');
  } finally {
    await app.service.start();
  }
  await expect(status).toContainText(/Synced|Live/, { timeout: 30_000 });
  const api = await app.service.as('alice@acme.test');
  const made = (await api<{ data: Training[] }>('GET', '/api/trainings?search=orienteering')).body.data;
  expect(made.map((t) => t.name)).toEqual(['Offline orienteering']);
});

test('Work offline: nothing is sent while it is on, the indicator says so, and turning it off syncs', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'alice@acme.test');
  const status = page.getByRole('status', { name: 'Sync status' });
  await expect(status).toContainText(/Synced|Live/);
  const toggle = page.getByRole('button', { name: 'Work offline' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(status).toContainText('Working offline · nothing waiting to sync');
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeDisabled();

  await addTraining(page, 'Chosen offline', '2027-02-03');
  await expect(status).toContainText('Working offline · 1 waiting to sync');
  const row = page.getByRole('grid', { name: 'Trainings' }).getByRole('row').filter({ hasText: 'Chosen offline' });
  await expect(row.getByText('Waiting to sync')).toBeVisible();
  await expectAccessible(page, 'working offline');
  await screenshot(page, '38-working-offline', { fullPage: false });
  await inDark(page, async () => {
    await expectAccessible(page, 'working offline, dark');
    await screenshot(page, '38-working-offline-dark', { fullPage: false });
  });
  // The service is up the whole time: the change stays here until the switch is turned off.
  const api = await app.service.as('alice@acme.test');
  const onService = async () =>
    (await api<{ data: Training[] }>('GET', '/api/trainings?search=Chosen')).body.data.map((t) => t.name);
  await expect(status).toContainText('Working offline · 1 waiting to sync');
  // A negative check: the change's sync (0.4 s after it) had its chance, and more.
  await quietFor(3_000, 'the change on the service while working offline', onService, []);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(status).toContainText(/Synced|Live/, { timeout: 10_000 });
  await expect(row.getByText('Waiting to sync')).toHaveCount(0);
  expect(await onService()).toEqual(['Chosen offline']);

  // Signed out while working offline: the sign-in screen says why signing in cannot work, and how.
  await toggle.click();
  await accountMenu(page, 'Sign out');
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  const note = page.getByRole('note').filter({ hasText: 'You are working offline' });
  await expect(note).toBeVisible();
  await page.getByLabel('Email').fill('alice@acme.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('You are working offline: turn Work offline off to sign in');
  await expectAccessible(page, 'sign-in, working offline');
  await screenshot(page, '39-sign-in-working-offline');
  await note.getByRole('button', { name: 'Turn Work offline off' }).click();
  await expect(note).toHaveCount(0);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(status).toContainText(/Synced|Live/, { timeout: 10_000 });
});

test('a conflict shows mine beside the service’s, and keeping theirs resolves it', async ({ page, app }) => {
  await signIn(page, app, 'bob@acme.test');
  const bob = await app.service.as('bob@acme.test');
  const manager = await app.service.as('manager@acme.test');
  const training = (await bob<{ data: Training[] }>('GET', '/api/trainings?sortBy=name')).body.data[0]!;
  await app.service.stop();
  try {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trainings' }).click();
    await page
      .getByRole('button', { name: `Actions for ${training.name}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Edit…' }).click();
    await page.getByRole('dialog', { name: 'Edit training' }).getByLabel('Notes').fill('My offline note');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('1 waiting to sync', {
      timeout: 15_000,
    });
  } finally {
    await app.service.start();
  }
  await manager('PUT', `/api/trainings/${training.id}`, { notes: 'The manager’s note' });
  await page.getByRole('button', { name: 'Sync now' }).click();
  await page.getByRole('button', { name: '1 conflict' }).click();
  const panel = page.getByRole('dialog', { name: 'Conflicts' });
  await expect(panel.getByRole('heading', { name: `The training “${training.name}”` })).toBeVisible();
  await expect(panel).toContainText('Someone changed it on the service after you edited it here.');
  await expect(panel.getByRole('columnheader', { name: 'Mine' })).toBeVisible();
  await expect(panel.getByRole('rowheader', { name: 'Notes (differs)' })).toBeVisible();
  await expect(panel).toContainText('My offline note');
  await expect(panel).toContainText('The manager’s note');
  await expectAccessible(page, 'conflicts panel');
  await screenshot(page, '10-conflicts');
  await panel.getByRole('button', { name: 'Keep the service’s' }).click();
  await expect(panel.getByText('No conflicts')).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: '1 conflict' })).toHaveCount(0);
  expect((await bob<Training>('GET', `/api/trainings/${training.id}`)).body.notes).toBe('The manager’s note');
});
