import type { Leave } from '../../src-shared/wire';
import { dateOf, dayOf, expect, expectAccessible, screenshot, signIn, test, wordedDate } from './fixtures';

test('a notification opens its request, highlighted and read at once; one about a withdrawn request says so', async ({
  page,
  app,
}) => {
  const alice = await app.service.as('alice@acme.test');
  const ask = async (day: string) =>
    (await alice<Leave>('POST', '/api/leave', { startDate: day, endDate: day, type: 'ANNUAL' })).body;
  const kept = await ask('2027-10-13');
  const withdrawn = await ask('2027-10-20');
  await signIn(page, app, 'manager@acme.test');
  // Alice withdraws the second after the manager's app has seen it.
  await alice('DELETE', `/api/leave/${withdrawn.id}`);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/);

  const manager = await app.service.as('manager@acme.test');
  const unread = (await manager<{ meta: { unreadCount: number } }>('GET', '/api/notifications')).body.meta.unreadCount;
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: `Notifications, ${unread} unread` })).toBeVisible();
  await nav.getByRole('link', { name: /^Notifications/ }).click();

  // A notification writes its days as the page's locale does.
  const about = async (day: string) =>
    page.getByRole('listitem').filter({ hasText: `Annual leave, ${await dateOf(page, day)} (` });
  await (await about('2027-10-13')).getByRole('link', { name: 'Leave request from Alice Archer' }).click();
  await expect(page).toHaveURL(new RegExp(`#/approvals\\?id=${kept.id}$`));
  const card = page.getByRole('article', {
    name: `From your notification: Alice Archer, Annual leave, ${await dayOf(page, '2027-10-13')}`,
  });
  await expect(card).toHaveAttribute('aria-current', 'true');
  await expect(card).toBeFocused();
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
  // Read at once, offline or not: the badge drops by one.
  await expect(nav.getByRole('link', { name: `Notifications, ${unread - 1} unread` })).toBeVisible();
  await expectAccessible(page, 'approvals from a notification');
  await screenshot(page, '34-notification-opens-request', { fullPage: false });

  await nav.getByRole('link', { name: /^Notifications/ }).click();
  await (await about('2027-10-20')).getByRole('link', { name: 'Leave request from Alice Archer' }).click();
  await expect((await about('2027-10-20')).getByRole('status')).toHaveText(
    `The request of Alice Archer for ${await wordedDate(page, '2027-10-20')} was withdrawn.`,
  );
  await expect(page).toHaveURL(/#\/notifications/);
  await expect(nav.getByRole('link', { name: `Notifications, ${unread - 2} unread` })).toBeVisible();
  await screenshot(page, '35-notification-withdrawn', { fullPage: false });
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 10_000 });
  expect((await manager<{ meta: { unreadCount: number } }>('GET', '/api/notifications')).body.meta.unreadCount).toBe(
    unread - 2,
  );

  // One that arrives while the app is in use: a toast that names it and opens it.
  const arriving = await ask('2027-11-03');
  await page.getByRole('button', { name: 'Sync now' }).click();
  const messages = page.getByRole('status', { name: 'Messages' });
  await expect(messages).toContainText(
    `Leave request from Alice Archer: Annual leave, ${await dateOf(page, '2027-11-03')} (1 working day)`,
  );
  await messages.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`#/approvals\\?id=${arriving.id}$`));
  await expect(
    page.getByRole('article', {
      name: `From your notification: Alice Archer, Annual leave, ${await dayOf(page, '2027-11-03')}`,
    }),
  ).toBeFocused();
});
