import type { Notification, Training } from '../../src-shared/wire';
import type { Page } from '@playwright/test';
import { accountMenu, choose, expect, expectAccessible, fillDate, screenshot, signIn, test } from './fixtures';

// What a new user tripped over in a second trial of the three roles, each at its cause.

test('a day its month does not have is refused beside the field, as typed, never moved to the month’s end', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'alice@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  await page.getByRole('button', { name: 'New leave request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New leave request' });
  const start = dialog.getByRole('group', { name: 'Start date' });
  await start.locator('[data-type="month"]').click();
  await page.keyboard.type('02302027');
  await page.keyboard.press('Tab');
  // Left as typed, refused in words beside the field; nothing counted from a day that is not.
  await expect(start.locator('[data-type="day"]')).toHaveText('30');
  await expect(start.locator('[data-type="month"]')).toHaveText('2');
  await expect(dialog.locator('.field-error', { hasText: 'February 2027 has 28 days' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'End date' }).locator('[data-type="day"]')).not.toHaveText('30');
  await expect(dialog.getByText(/working day/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.field-error', { hasText: 'February 2027 has 28 days' })).toHaveCount(1);
  await expect(start.locator('[data-type="day"]')).toHaveText('30');
  await screenshot(page, '60-impossible-date', { fullPage: false });

  // Mended by the person: the words go, and the dates count.
  await start.locator('[data-type="day"]').click();
  await page.keyboard.type('26');
  await expect(dialog.getByText('February 2027 has 28 days')).toHaveCount(0);
  await dialog.getByRole('group', { name: 'End date' }).locator('[data-type="month"]').click();
  await page.keyboard.type('02262027');
  await expect(dialog.getByRole('status').locator('p').first()).toHaveText('1 working day');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The same in a training's dates.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trainings' }).click();
  await page.getByRole('button', { name: 'New training' }).click();
  const training = page.getByRole('dialog', { name: 'New training' });
  const trainingStart = training.getByRole('group', { name: 'Start date' });
  await trainingStart.locator('[data-type="month"]').click();
  await page.keyboard.type('04312027');
  await page.keyboard.press('Tab');
  await expect(trainingStart.locator('[data-type="day"]')).toHaveText('31');
  await expect(training.locator('.field-error', { hasText: 'April 2027 has 30 days' })).toBeVisible();
});

test('a training’s notification opens the training, highlighted and focused, whatever page the list is on', async ({
  page,
  app,
}) => {
  const manager = await app.service.as('manager@acme.test');
  const notes = (
    await manager<{ data: Notification[] }>('GET', '/api/notifications?type=TRAINING_EXPIRING&pageSize=100')
  ).body.data;
  expect(notes.length).toBeGreaterThan(0);
  // One whose training is not on the list's first page (25 by name).
  const listed = (await manager<{ data: Training[] }>('GET', '/api/trainings?sortBy=name&pageSize=500')).body.data;
  const firstPage = new Set(listed.slice(0, 25).map((t) => t.id));
  const note = notes.find((n) => n.data.trainingId && !firstPage.has(n.data.trainingId)) ?? notes[0]!;
  const training = listed.find((t) => t.id === note.data.trainingId)!;

  await signIn(page, app, 'manager@acme.test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: /^Notifications/ }).click();
  await choose(page, 'About', 'Trainings expiring');
  // Its words as the page writes them: the training's name, its expiry in the page's date form.
  const item = page.getByRole('listitem').filter({ hasText: `“${training.name}” expires on` });
  await item.getByRole('link', { name: note.title }).first().click();

  await expect(page).toHaveURL(new RegExp(`#/trainings\\?id=${training.id}$`));
  const card = page.getByRole('article', { name: `From your notification: ${training.name}, ` });
  await expect(card).toHaveAttribute('aria-current', 'true');
  await expect(card).toBeFocused();
  await expect(card.getByRole('button', { name: /^Actions/ })).toBeVisible();
  if (!firstPage.has(training.id)) {
    // Not on the page the list shows, and opened all the same.
    await expect(page.getByRole('grid', { name: 'Trainings' }).getByRole('row', { name: training.name })).toHaveCount(
      0,
    );
  }
  await expectAccessible(page, 'a training from a notification');
  await screenshot(page, '61-notification-opens-training', { fullPage: false });
});

/**
 * Controls whose accessible name does not start with their visible words (WCAG 2.5.3, label in
 * name): someone using voice control says what they see. Words only, so a comma or a mark aside.
 */
async function labelNotInName(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const shown = (el: Element): string => {
      let out = '';
      const walk = (n: Node) => {
        if (n.nodeType === Node.TEXT_NODE) out += ` ${n.textContent ?? ''} `;
        if (!(n instanceof Element)) return;
        if (n.getAttribute('aria-hidden') === 'true' || n.classList.contains('visually-hidden')) return;
        const style = getComputedStyle(n);
        if (style.display === 'none' || style.visibility === 'hidden') return;
        n.childNodes.forEach(walk);
      };
      el.childNodes.forEach(walk);
      return out;
    };
    const nameOf = (el: Element): string | null => {
      const by = el.getAttribute('aria-labelledby');
      if (by)
        return by
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
      return el.getAttribute('aria-label');
    };
    const controls = document.querySelectorAll(
      'button, a[href], [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="option"], [role="checkbox"], [role="switch"]',
    );
    const problems: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name = nameOf(el);
      const seen = words(shown(el));
      if (name === null || seen.length === 0) continue;
      const named = words(name);
      if (seen.some((w, i) => named[i] !== w)) problems.push(`“${seen.join(' ')}” is named “${name}”`);
    }
    return problems;
  });
}

test('every control’s accessible name starts with the words it shows', async ({ page, app }) => {
  const found: string[] = [];
  const walk = async (where: string) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/);
    for (const problem of await labelNotInName(page)) found.push(`${where}: ${problem}`);
  };
  await signIn(page, app, 'manager@acme.test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const view of ['Leave', 'Approvals', 'Calendar', 'Trainings', 'Forms', 'Notifications']) {
    await nav.getByRole('link', { name: new RegExp(`^${view}`) }).click();
    await page.waitForLoadState('networkidle');
    await walk(`manager, ${view}`);
  }
  // A row's menu, and the tabs behind the first.
  await nav.getByRole('link', { name: 'Trainings' }).click();
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  for (const problem of await labelNotInName(page)) found.push(`manager, a training's menu: ${problem}`);
  await page.keyboard.press('Escape');

  await page.goto(`${app.host.url}#/leave`);
  await accountMenu(page, 'Sign out');
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Email').fill('admin@acme.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  for (const [view, tab] of [
    ['leave', 'balances'],
    ['leave', 'policy'],
    ['trainings', 'expiring'],
  ] as const) {
    await page.evaluate(([v, t]) => (location.hash = `#/${v}?tab=${t}`), [view, tab]);
    await page.waitForLoadState('networkidle');
    await walk(`admin, ${view} ${tab}`);
  }
  expect(found).toEqual([]);
});

test('each role lands on what it came for, and the menu starts with it', async ({ page, app }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await signIn(page, app, 'alice@acme.test');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leave');
  await expect(nav.getByRole('link').first()).toHaveText('Leave');
  await accountMenu(page, 'Sign out');
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();

  // A manager with requests waiting lands on them.
  const manager = await app.service.as('manager@acme.test');
  const waiting = (await manager<{ meta: { total: number } }>('GET', '/api/leave/pending-approvals')).body.meta.total;
  expect(waiting).toBeGreaterThan(0);
  await page.getByLabel('Email').fill('manager@acme.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Approvals');
  await expect(page).toHaveURL(/#\/approvals$/);
  // Back does not lead to a page before the landing.
  await accountMenu(page, 'Sign out');
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();

  await page.getByLabel('Email').fill('admin@acme.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leave');
});

test('rough edges of the trial: one balance wording, names that open people, a table that fits, tabs in the address', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'manager@acme.test');
  const alice = await app.service.as('alice@acme.test');
  const sheet = (
    await alice<{
      balances: { type: string; allowance: number; carriedOver: number; adjustments: number; remaining: number }[];
    }>('GET', '/api/leave/balances')
  ).body;
  const annual = sheet.balances.find((b) => b.type === 'ANNUAL')!;
  const available = annual.allowance + annual.carriedOver + annual.adjustments;

  // A name in Approvals opens the person's leave and balance; their training record is one click on.
  const pending = page.getByRole('grid', { name: /waiting/i });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Approvals');
  await pending.getByRole('link', { name: 'Alice Archer' }).first().click();
  await expect(page).toHaveURL(/#\/leave\?tab=balances&person=/);
  await expect(page.getByRole('heading', { name: 'Alice Archer’s balance' })).toBeVisible();
  // The same figure, in the same words, on her card and in the team's table.
  const words = `${annual.remaining} days left of ${available}`;
  await expect(page.getByRole('listitem').filter({ hasText: 'Annual leave' }).first()).toContainText(words);
  await page.getByRole('button', { name: 'Show how annual leave adds up' }).click();
  await expect(page.getByRole('row', { name: /Available in the leave year/ })).toContainText(String(available));
  await page.getByRole('link', { name: 'Alice Archer’s training record' }).click();
  await expect(page.getByRole('heading', { name: 'Alice Archer’s training record' })).toBeVisible();
  await page.evaluate(() => (location.hash = '#/leave?tab=balances'));
  await expect(page.getByRole('row').filter({ hasText: 'Alice Archer' })).toContainText(words);

  // The trainings table fits 1366 px without scrolling sideways; the Expiring tab is in the address.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trainings' }).click();
  const table = page.getByRole('grid', { name: 'Trainings' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const wrap = table.locator('xpath=..');
  await expect.poll(() => wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, '62-trainings-table-1366', { fullPage: false });
  await page.getByRole('tab', { name: 'Expiring' }).click();
  await expect(page).toHaveURL(/#\/trainings\?tab=expiring$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Expiring' })).toHaveAttribute('aria-selected', 'true');

  // A cost as the app itself writes it is read back.
  await page.getByRole('tab', { name: 'All trainings' }).click();
  await page.getByRole('button', { name: 'New training' }).click();
  const dialog = page.getByRole('dialog', { name: 'New training' });
  await dialog.getByLabel('Name').fill('Grouped cost');
  await choose(dialog, 'Type', 0);
  await choose(dialog, 'Category', 0);
  await fillDate(dialog, 'Start date', '2026-11-02');
  await dialog.getByLabel('Cost').fill('1,250.50');
  await dialog.getByRole('button', { name: 'Add training' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByLabel('Search trainings').fill('Grouped cost');
  await expect(table.getByRole('row').filter({ hasText: 'Grouped cost' })).toContainText('1,250.50');

  // Working offline, a change is said to be kept here, not sent (once the training above has gone).
  const syncStatus = page.getByRole('status', { name: 'Sync status' });
  await expect(syncStatus).not.toContainText('waiting to sync');
  await page.getByRole('button', { name: 'Work offline' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  await page.getByRole('tab', { name: 'My leave' }).click();
  await page.getByRole('button', { name: 'New leave request' }).click();
  const request = page.getByRole('dialog', { name: 'New leave request' });
  await fillDate(request, 'Start date', '2027-03-09');
  await request.getByRole('button', { name: 'Submit request' }).click();
  const messages = page.getByRole('status', { name: 'Messages' });
  await expect(messages).toContainText('Request saved on this computer — it will be sent when you are back online');
  await expect(messages).not.toContainText('it will sync');
  await expect(syncStatus).toContainText('1 waiting to sync');
});
