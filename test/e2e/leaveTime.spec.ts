import type { CalendarFeed, LeavePolicy, List, User } from '../../src-shared/wire';
import {
  choose,
  expect,
  expectAccessible,
  fillDate,
  screenshot,
  signIn,
  test,
  toggle,
  inDark,
  whileOffline,
} from './fixtures';

// Working weeks, blocked dates and calendar feeds, as an admin and an employee meet them.

test('an admin gives Bob a Monday-to-Wednesday week and blocks the year end, offline; both reach the service once', async ({
  page,
  app,
}) => {
  const admin = await app.service.as('admin@acme.test');
  const bob = (await admin<List<User>>('GET', '/api/users?search=Bob%20Becker')).body.data[0]!;
  await signIn(page, app, 'admin@acme.test');
  const status = page.getByRole('status', { name: 'Sync status' });
  await page.goto(`${app.host.url}#/people?person=${bob.id}`);
  await expect(page.getByRole('heading', { name: 'Bob Becker' })).toBeVisible();
  await expect(page.getByText('Monday to Friday (the organization’s)')).toBeVisible();
  await whileOffline(page, app, async () => {
    await page.getByRole('button', { name: 'Change working week' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bob Becker’s working week' });
    await toggle(dialog, 'Works a week of their own', true);
    for (const day of ['Thursday', 'Friday']) await choose(dialog, day, 'Not working');
    await expect(dialog).toContainText('Monday to Wednesday.');
    await expectAccessible(page, 'a working week');
    await screenshot(page, '82-working-week', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save working week' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Monday to Wednesday', { exact: true })).toBeVisible();

    // The policy's blocked dates: the year-end close.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
    await page.getByRole('tab', { name: 'Leave policy' }).click();
    const form = page.getByRole('form', { name: 'Leave policy' });
    await expect(form.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    await form.getByRole('button', { name: 'Add blocked dates' }).click();
    const period = form.getByRole('group', { name: 'Blocked period 1' });
    await period.getByLabel('Reason').fill('The year-end close');
    const year = new Date().getUTCFullYear();
    await fillDate(period, 'From', `${year}-12-31`);
    await fillDate(period, 'To', `${year}-12-22`);
    await form.getByRole('button', { name: 'Save policy' }).click();
    await expect(
      period.locator('.field-error', { hasText: 'The last day must not be before the first' }),
    ).toBeVisible();
    await fillDate(period, 'From', `${year}-12-22`);
    await fillDate(period, 'To', `${year}-12-31`);
    await form.getByRole('button', { name: 'Save policy' }).click();
    await expect(form.getByText('The last change reaches the service at the next sync.')).toBeVisible();
    await expectAccessible(page, 'leave policy with blocked dates');
    await screenshot(page, '83-policy-blocked-dates');
    await inDark(page, () => screenshot(page, '83-policy-blocked-dates-dark', { fullPage: false }));
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  const served = (await admin<User>('GET', `/api/users/${bob.id}`)).body;
  expect(served.workingWeek?.map((d) => d.weekday)).toEqual([1, 2, 3]);
  const policy = (await admin<LeavePolicy>('GET', '/api/leave/policy')).body;
  expect(policy.blockedPeriods).toEqual([
    {
      startDate: `${new Date().getUTCFullYear()}-12-22`,
      endDate: `${new Date().getUTCFullYear()}-12-31`,
      reason: 'The year-end close',
      types: null,
    },
  ]);
});

test('Dave’s request over Globex’s year-end close is refused offline in words; his feed is made, copied and revoked', async ({
  page,
  app,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, app, 'dave@globex.test');
  const status = page.getByRole('status', { name: 'Sync status' });
  const year = new Date().getUTCFullYear();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  await whileOffline(page, app, async () => {
    await page.getByRole('button', { name: 'New leave request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New leave request' });
    await fillDate(dialog, 'Start date', `${year}-12-21`);
    await fillDate(dialog, 'End date', `${year}-12-23`);
    await expect(dialog.getByRole('status')).toContainText('The year-end close, 22 to 31 December: no annual leave');
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await expect(
      dialog.locator('.field-error', { hasText: 'The year-end close, 22 to 31 December: no annual leave' }),
    ).toBeVisible();
    await screenshot(page, '84-request-blocked', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(status).not.toContainText('waiting to sync');

    // A feed made offline: its address comes with the sync.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await expect(page.getByText(/Blocked dates: The year-end close, 22 to 31 December/)).toHaveCount(
      new Date().getUTCMonth() === 11 ? 1 : 0,
    );
    await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
    const feeds = page.getByRole('dialog', { name: 'Subscribe in your calendar' });
    await expect(feeds.getByRole('radio', { name: 'My team’s leave' })).toHaveCount(0);
    await expect(feeds.getByRole('radio', { name: 'My leave and my public holidays' })).toBeChecked();
    await feeds.getByRole('button', { name: 'Make a calendar address' }).click();
    await expect(feeds.getByText('Its address comes with the next sync.')).toBeVisible();
    await expect(status).toContainText('1 waiting to sync');
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  const feeds = page.getByRole('dialog', { name: 'Subscribe in your calendar' });
  const address = feeds.locator('.calendar-feed-url');
  await expect(address).toHaveText(/\/feeds\/[\w-]{43}\.ics$/);
  const url = (await address.textContent())!;
  await feeds.getByRole('button', { name: 'Copy the address of My leave and my public holidays' }).click();
  await expect(page.getByText(/Calendar address copied/)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const polled = await fetch(url);
  expect(polled.status).toBe(200);
  expect(await polled.text()).toMatch(/^BEGIN:VCALENDAR/);
  await expectAccessible(page, 'calendar feeds');
  await screenshot(page, '85-calendar-feeds', { fullPage: false });
  await inDark(page, () => screenshot(page, '85-calendar-feeds-dark', { fullPage: false }));
  await feeds.getByRole('button', { name: 'Revoke My leave and my public holidays' }).click();
  await expect(feeds.getByText('None yet: a calendar address you make shows here.')).toBeVisible();
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  const dave = await app.service.as('dave@globex.test');
  await expect
    .poll(async () => (await dave<List<CalendarFeed>>('GET', '/api/calendar-feeds')).body.data.length)
    .toBe(0);
  expect((await fetch(url)).status).toBe(404);
});
