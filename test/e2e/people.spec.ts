import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { User } from '../../src-shared/wire';
import { addDays, utcToday, weekday } from '../../src-shared/calendar/dates';
import { Backend } from '../../src-main/core/app/backend';
import { MemoryTokenStore } from '../../src-main/core/session/tokens';
import { startWebHost } from '../../src-main/web/webHost';
import { accountMenu, expect, expectAccessible, screenshot, signIn, test, toggle, whileOffline } from './fixtures';

const openPeople = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
};

const pickPerson = async (page: Page, scope: ReturnType<Page['getByRole']>, label: string, name: string) => {
  await scope.getByRole('combobox', { name: label }).fill(name);
  await page.getByRole('option', { name, exact: true }).click();
};

test('an admin, offline, adds a person, changes a manager and ends an employment; once synced the invited person joins in another browser', async ({
  page,
  app,
  browser,
}) => {
  await signIn(page, app, 'admin@acme.test');
  await openPeople(page);
  const directory = page.getByRole('table', { name: 'People' });
  await expect(directory.getByRole('link', { name: 'Alice Archer' })).toBeVisible();
  await expectAccessible(page, 'people directory');
  await screenshot(page, '70-people-directory', { fullPage: false });
  const status = page.getByRole('status', { name: 'Sync status' });

  await whileOffline(page, app, async () => {
    await page.getByRole('button', { name: 'Add person' }).click();
    const add = page.getByRole('dialog', { name: 'Add person' });
    await add.getByRole('textbox', { name: 'Email' }).fill('nora.new@acme.test');
    await add.getByRole('textbox', { name: 'First name' }).fill('Nora');
    await add.getByRole('textbox', { name: 'Last name' }).fill('New');
    await add.getByRole('combobox', { name: 'Nationality' }).fill('Germany');
    await page.getByRole('option', { name: 'Germany (DE)' }).click();
    await pickPerson(page, add, 'Manager', 'Alice Archer');
    await add.getByRole('button', { name: 'Invite' }).click();
    await expect(add).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search people' }).fill('Nora');
    const nora = directory.getByRole('row', { name: /Nora New/ });
    await expect(nora).toContainText('Invited, not joined yet');
    await expect(nora).toContainText('Waiting to sync');
    await page.getByRole('searchbox', { name: 'Search people' }).fill('');

    // Alice reports to Ada from now on.
    await directory.getByRole('link', { name: 'Alice Archer' }).click();
    await expect(page.getByRole('heading', { name: 'Alice Archer' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Alice Archer' });
    await pickPerson(page, edit, 'Manager', 'Ada Admin');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByRole('definition').filter({ hasText: 'Ada Admin' })).toBeVisible();

    // Max leaves; Bob, still his report, moves to Ada.
    await page.goto(`${app.host.url}#/people`);
    await directory.getByRole('link', { name: 'Max Manager' }).click();
    await page.getByRole('button', { name: 'End employment' }).click();
    const end = page.getByRole('dialog', { name: 'End Max Manager’s employment' });
    await end.getByRole('button', { name: 'End employment' }).click();
    // Someone must take over his reports first: said beside the field, nothing queued.
    await expect(end.getByRole('combobox', { name: /New manager of/ })).toHaveAccessibleDescription(
      /Max Manager manages \d+ (person|people), who needs? a new manager first/,
    );
    await end.getByRole('combobox', { name: /New manager of/ }).fill('Ada Admin');
    await page.getByRole('option', { name: 'Ada Admin', exact: true }).click();
    await end.getByRole('button', { name: 'End employment' }).click();
    await expect(end).toHaveCount(0);
    await expect(page.getByText(/^Leaving on|^Left on/)).toBeVisible();
    await expect(status).toContainText('3 waiting to sync');
    await expectAccessible(page, 'person offline');
    await screenshot(page, '71-person-offline');
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });

  const admin = await app.service.as('admin@acme.test');
  const added = (await admin<{ data: User[] }>('GET', '/api/users?search=nora.new&employment=all')).body.data;
  expect(added).toHaveLength(1);
  const onService = (email: string) =>
    admin<{ data: User[] }>('GET', `/api/users?search=${email}&employment=all`).then((r) => r.body.data[0]!);
  const ada = await onService('admin@acme.test');
  expect((await onService('alice@acme.test')).managerId).toBe(ada.id);
  expect((await onService('manager@acme.test')).endDate).toBe(utcToday(new Date()));

  await page.goto(`${app.host.url}#/people?person=${added[0]!.id}`);
  const invitation = page.getByRole('group', { name: 'Invitation link' });
  await expect(invitation).toContainText('Not emailed: pass this link on');
  const link = (await invitation.locator('code').textContent())!;
  expect(link).toMatch(/\/join#/);
  await expectAccessible(page, 'invitation link');
  await screenshot(page, '72-invitation-link');

  // Nora's own computer: joins with the link, chooses a password, and is signed in.
  const dataDir = mkdtempSync(join(tmpdir(), 'hr-e2e-join-'));
  const backend = new Backend({
    dataDir,
    tokens: new MemoryTokenStore(),
    sync: { debounceMs: 100, intervalMs: 3_600_000, reconnectMs: 500 },
    requestTimeoutMs: 4_000,
  });
  const host = await startWebHost({ backend, rendererDir: join(resolve(__dirname, '..', '..'), 'out', 'renderer') });
  // Another browser profile: axe needs a page of a context of its own.
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const other = await context.newPage();
  try {
    await other.goto(host.url);
    await other.getByRole('button', { name: 'Join with an invitation' }).click();
    const join = other.getByRole('form', { name: 'Join with an invitation' });
    await join.getByRole('textbox', { name: 'Invitation link or code' }).fill(link);
    await join.getByLabel('Choose a password').fill('password');
    await join.getByRole('button', { name: 'Join and sign in' }).click();
    // Too common a password is refused in words beside the field; the link stays as pasted.
    await expect(join.getByLabel('Choose a password')).toHaveAccessibleDescription(/common|guess/i);
    await expect(join.getByRole('textbox', { name: 'Invitation link or code' })).toHaveValue(link);
    await expectAccessible(other, 'join');
    await screenshot(other, '73-join-with-invitation');
    await join.getByLabel('Choose a password').fill('Nora joins the Acme team 2026');
    await join.getByRole('button', { name: 'Join and sign in' }).click();
    await expect(other.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 30_000 });
    expect((await onService('nora.new@acme.test')).status).toBe('ACTIVE');
  } finally {
    await context.close();
    await host.close();
    backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an import with a bad row shows the row’s issue and sends nothing', async ({ page, app }) => {
  await signIn(page, app, 'admin@acme.test');
  await openPeople(page);
  await page.getByRole('button', { name: 'Import people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import people' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Email,First name,Last name,Department,Manager email,Nationality\n' +
        'ivy@acme.test,Ivy,Import,Imports,,GB\n' +
        'ian@acme.test,Ian,Import,Imports,nobody@acme.test,GB\n',
    ),
  });
  await expect(dialog.getByRole('status')).toContainText('2 rows: 2 new, 0 updated, 0 unchanged');
  const bad = dialog.getByRole('row', { name: /ian@acme.test/ });
  await expect(bad).toContainText(
    'manager’s email: No one with the email nobody@acme.test is in the organization or in this file',
  );
  await expect(dialog.getByRole('row', { name: /ivy@acme.test/ })).toContainText('OK');
  await expect(dialog.getByRole('button', { name: 'Import 2 people' })).toBeDisabled();
  await expectAccessible(page, 'import preview');
  await screenshot(page, '74-import-preview');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status', { name: 'Sync status' })).not.toContainText('waiting to sync');
  const admin = await app.service.as('admin@acme.test');
  expect((await admin<{ data: User[] }>('GET', '/api/users?search=acme.test&employment=all')).body.data).not.toEqual(
    expect.arrayContaining([expect.objectContaining({ email: 'ivy@acme.test' })]),
  );
});

test('the organization chart is navigated by keyboard', async ({ page, app }) => {
  // Max takes this week off (unless the demo has him away already): his page says so.
  const today = utcToday(new Date());
  const monday = addDays(today, -((weekday(today) + 6) % 7));
  const asMax = await app.service.as('manager@acme.test');
  const asked = await asMax<{ id: string }>('POST', '/api/leave', {
    startDate: monday,
    endDate: addDays(monday, 4),
    type: 'UNPAID',
  });
  // Approved by Ada: a colleague's calendar shows approved leave.
  if (asked.status === 201) {
    const ada = await app.service.as('admin@acme.test');
    expect((await ada('PUT', `/api/leave/${asked.body.id}/status`, { status: 'APPROVED' })).status).toBe(200);
  }
  await signIn(page, app, 'alice@acme.test');
  await openPeople(page);
  await page.getByRole('tab', { name: 'Organization chart' }).click();
  const tree = page.getByRole('tree', { name: 'Organization chart' });
  const ada = tree.getByRole('treeitem', { name: /^Ada Admin/ });
  await expect(ada).toHaveAttribute('aria-expanded', 'true');
  await ada.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(ada).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.getByRole('treeitem', { name: /^Max Manager/ })).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(ada).toHaveAttribute('aria-expanded', 'true');
  // Into Ada's reports, down to Max, open his branch and step into it.
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { level: 2 }).first()).toBeFocused();
  const max = tree.getByRole('treeitem', { name: /^Max Manager/ });
  while (!(await max.evaluate((el) => el === document.activeElement))) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(max).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { level: 3 }).first()).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(max).toBeFocused();
  await expectAccessible(page, 'organization chart');
  await screenshot(page, '75-organization-chart', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Max Manager', level: 2 })).toBeVisible();
  await expect(page.getByText(/^Away this week: /)).toContainText(asked.status === 201 ? 'Unpaid leave, ' : '');
});

test('a closed account is told so, with what it had not sent', async ({ page, app }) => {
  await signIn(page, app, 'alice@acme.test');
  // A change made while working offline, not sent when the account closes.
  await page.getByRole('button', { name: 'Work offline' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Notifications/ })
    .click();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  const status = page.getByRole('status', { name: 'Sync status' });
  await expect(status).toContainText('1 waiting to sync');
  const admin = await app.service.as('admin@acme.test');
  const alice = (await admin<{ data: User[] }>('GET', '/api/users?search=alice@acme.test')).body.data[0]!;
  const closed = await admin<User>('PUT', `/api/users/${alice.id}`, { endDate: addDays(utcToday(new Date()), -1) });
  expect(closed.status).toBe(200);
  await page.getByRole('button', { name: 'Work offline' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'This account was closed on' });
  await expect(banner).toContainText('You can no longer sign in to this organization. 1 change was not sent:');
  await expect(banner.getByRole('listitem')).toHaveText(['All notifications read: Marking notifications read']);
  await expect(status).toContainText('Account closed');
  await expectAccessible(page, 'closed account');
  await screenshot(page, '76-account-closed', { fullPage: false });
  await banner.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Organization address')).toBeVisible();
});

test('the account menu: a password changed (a wrong current one said beside it), e-mail notifications turned off', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'alice@acme.test');
  await accountMenu(page, 'Change password');
  const change = page.getByRole('dialog', { name: 'Change password' });
  await change.getByLabel('Current password').fill('not-it');
  await change.getByLabel('New password').fill('alice walks the long way home');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByLabel('Current password')).toHaveAccessibleDescription(/not your current password/);
  await expect(change.getByLabel('New password')).toHaveValue('alice walks the long way home');
  await expectAccessible(page, 'change password');
  await change.getByLabel('Current password').fill('demo1234');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change).toHaveCount(0);
  const signedIn = await fetch(`${app.service.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'alice@acme.test', password: 'alice walks the long way home' }),
  });
  expect(signedIn.status).toBe(200);

  await accountMenu(page, 'E-mail notifications');
  const mail = page.getByRole('dialog', { name: 'E-mail notifications' });
  const box = mail.getByRole('checkbox', { name: /Also send me my notifications by e-mail/ });
  await expect(box).toBeChecked();
  await toggle(mail, 'Also send me my notifications by e-mail', false);
  await expectAccessible(page, 'e-mail notifications');
  await mail.getByRole('button', { name: 'Save' }).click();
  await expect(mail).toHaveCount(0);
  const { access_token } = (await signedIn.json()) as { access_token: string };
  const prefs = await fetch(`${app.service.url}/api/users/me/preferences`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  // The app told the service the language it is read in: this person's mails are written in it.
  expect(await prefs.json()).toEqual({ emailNotifications: false, locale: 'en' });
});
