import type { Allocation, Balances, Leave, LeavePolicy, List, User } from '../../src-shared/wire';
import type { ServiceProcess } from '../support/syncHarness';
import {
  choose,
  dateRange,
  dayOf,
  expect,
  expectAccessible,
  fillDate,
  inDark,
  screenshot,
  signIn,
  signInAs,
  test,
  toggle,
  type AppUnderTest,
  whileOffline,
} from './fixtures';

// Balances known offline: what is left, what a request leaves, the floor, adjustments and bulk approvals.

const nextYear = new Date().getUTCFullYear() + 1;

/** The first Monday on or after a date, as `YYYY-MM-DD`, and the days after it. */
function mondayFrom(date: string, plus = 0): string {
  const d = new Date(`${date}T00:00:00Z`);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCDate(d.getUTCDate() + plus);
  return d.toISOString().slice(0, 10);
}

type Api = Awaited<ReturnType<ServiceProcess['as']>>;

async function annualLeft(api: Api, userId: string, year: number) {
  const res = await api<Balances>('GET', `/api/leave/balances?userId=${userId}&year=${year}`);
  return res.body.balances.find((b) => b.type === 'ANNUAL')!;
}

/** HR sets what a person has left of next year's annual leave, with a reason. */
async function leaveThemWith(app: AppUnderTest, email: string, left: number) {
  const admin = await app.service.as('admin@acme.test');
  const person = (await admin<List<User>>('GET', `/api/users?search=${email.split('@')[0]}`)).body.data[0]!;
  const now = await annualLeft(admin, person.id, nextYear);
  const res = await admin<Allocation>('POST', '/api/leave/allocations', {
    userId: person.id,
    type: 'ANNUAL',
    year: nextYear,
    days: left - now.remaining!,
    reason: 'Days agreed at the annual review',
  });
  expect(res.status).toBe(201);
  return { admin, person, balance: await annualLeft(admin, person.id, nextYear) };
}

test('an employee offline sees what is left, what a request leaves, and a request past the floor refused beside its end date', async ({
  page,
  app,
}) => {
  const { admin, person: alice, balance } = await leaveThemWith(app, 'alice@acme.test', 12);
  // Carried days that lapse before September do not help a request then.
  const past = 20 - (12 - balance.expiring);
  await signIn(page, app, 'alice@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  const status = page.getByRole('status', { name: 'Sync status' });
  await choose(page, 'Leave year', String(nextYear));
  const cards = page.getByRole('list', { name: `Balances for ${nextYear}` });
  const annual = cards.getByRole('listitem').filter({ hasText: 'Annual leave' });
  await expect(annual).toContainText('12 days left');

  await whileOffline(page, app, async () => {
    await page.getByRole('button', { name: 'New leave request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New leave request' });
    // A month off: more than is left, refused before anything is queued, beside the end date.
    const start = mondayFrom(`${nextYear}-09-13`);
    await fillDate(dialog, 'Start date', start);
    await fillDate(dialog, 'End date', mondayFrom(start, 25));
    const refusal = `This leaves −${past} days of annual leave; the most allowed is 0`;
    await expect(dialog.getByRole('status')).toContainText(refusal);
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    const endDate = dialog.getByRole('group', { name: 'End date' });
    await expect(endDate.locator('xpath=ancestor::*[contains(@class,"field")][1]')).toContainText(refusal);
    await expect(status).not.toContainText('waiting to sync');

    // Three days: what they leave, then sent (offline, it waits).
    await fillDate(dialog, 'End date', mondayFrom(start, 2));
    await expect(dialog.getByRole('status')).toContainText('3 working days');
    await expect(dialog.getByRole('status')).toContainText('After this request: 9 days of annual leave left');
    await expectAccessible(page, 'request with its balance');
    await screenshot(page, '40-request-after-balance', { fullPage: false });
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(annual).toContainText('9 days left');
    await expect(annual).toContainText(`${balance.pending + 3} days waiting for approval`);
    await expect(status).toContainText('1 waiting to sync');

    await annual.getByRole('button', { name: 'Show how annual leave adds up' }).click();
    const ledger = page.getByRole('grid', { name: `Annual leave in ${nextYear}, line by line` });
    await expect(ledger.getByRole('row', { name: /Days agreed at the annual review/ })).toBeVisible();
    // This request's line (the demo's own requests waiting may fall early in the year too).
    await expect(
      ledger.getByRole('row', { name: `Waiting for approval: ${await dateRange(page, start, mondayFrom(start, 2))}` }),
    ).toContainText('−3');
    await expect(ledger.getByRole('row', { name: /^Left/ })).toContainText('9');
    await expectAccessible(page, 'my balance');
    await page.getByRole('heading', { name: 'My balance' }).scrollIntoViewIfNeeded();
    await screenshot(page, '41-my-balance', { fullPage: false });
    await inDark(page, () => screenshot(page, '41-my-balance-dark', { fullPage: false }));
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  expect((await annualLeft(admin, alice.id, nextYear)).remaining).toBe(9);
  const sent = (await admin<List<Leave>>('GET', `/api/leave?userId=${alice.id}&pageSize=100`)).body.data.filter((l) =>
    l.startDate.startsWith(mondayFrom(`${nextYear}-09-13`)),
  );
  expect(sent.map((l) => [l.days, l.status])).toEqual([[3, 'PENDING']]);
});

test('an admin adjusts a balance offline with a reason; the employee sees it once both have synced', async ({
  page,
  app,
}) => {
  const admin = await app.service.as('admin@acme.test');
  const alice = (await admin<List<User>>('GET', '/api/users?search=alice')).body.data[0]!;
  const thisYear = nextYear - 1;
  const before = (await annualLeft(admin, alice.id, thisYear)).remaining!;
  await signIn(page, app, 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  await page.getByRole('tab', { name: 'Balances' }).click();
  const everyone = page.getByRole('grid', { name: /^Balances for/ });
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('Archer');
  await expect(everyone.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'everyone’s balances');
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('');
  await screenshot(page, '42-everyones-balances', { fullPage: false });
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('Archer');
  await everyone.getByRole('link', { name: 'Alice Archer' }).click();
  await expect(page.getByRole('heading', { name: 'Alice Archer’s balance' })).toBeVisible();
  const annual = page.getByRole('list', { name: `Balances for ${thisYear}` }).getByRole('listitem');
  await expect(annual).toContainText(`${before} days left`);

  const status = page.getByRole('status', { name: 'Sync status' });
  await whileOffline(page, app, async () => {
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust Alice Archer’s balance' });
    await expect(dialog.getByRole('button', { name: /Type/ })).toBeFocused();
    // Refused in words beside their fields, kept as typed.
    await dialog.getByLabel('Days').fill('1.3');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(dialog.locator('.field-error', { hasText: 'Enter the days in whole or half days' })).toBeVisible();
    await expect(dialog.locator('.field-error', { hasText: 'Enter the reason' })).toBeVisible();
    await expect(dialog.getByLabel('Days')).toHaveValue('1.3');
    await dialog.getByLabel('Days').fill('2');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Moving house');
    await expectAccessible(page, 'adjust balance');
    await screenshot(page, '43-adjust-balance', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(annual).toContainText(`${before + 2} days left`);
    await annual.getByRole('button', { name: 'Show how annual leave adds up' }).click();
    const line = page.getByRole('row', { name: /Moving house/ });
    await expect(line).toContainText('Waiting to sync');
    await expect(line).toContainText('+2');
    await inDark(page, () => screenshot(page, '44-person-balance-dark', { fullPage: false }));
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  const made = (await admin<List<Allocation>>('GET', `/api/leave/allocations?userId=${alice.id}&year=${thisYear}`)).body
    .data;
  expect(made.filter((a) => a.reason === 'Moving house').map((a) => a.days)).toEqual([2]);

  await signInAs(page, 'alice@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  const mine = page.getByRole('list', { name: `Balances for ${thisYear}` }).getByRole('listitem');
  await expect(mine).toContainText(`${before + 2} days left`);
  await mine.getByRole('button', { name: 'Show how annual leave adds up' }).click();
  await expect(page.getByRole('row', { name: /Moving house \(Ada Admin\)/ })).toContainText('+2');
});

test('a manager approves in bulk: the one request past the floor is named and left, the others decided once each', async ({
  page,
  app,
}) => {
  const [alice, bob] = await Promise.all([app.service.as('alice@acme.test'), app.service.as('bob@acme.test')]);
  const admin = await app.service.as('admin@acme.test');
  // No days carried over, so what an approval leaves is plain to work out here.
  await admin('PUT', '/api/leave/policy', { carryOverDays: 0 });
  const day = (plus: number) => mondayFrom(`${nextYear}-10-04`, plus);
  const made: Leave[] = [];
  for (const [who, start, end] of [
    [alice, day(0), day(2)],
    [bob, day(0), day(0)],
    [bob, day(7), day(7)],
  ] as const) {
    const res = await who<Leave>('POST', '/api/leave', { startDate: start, endDate: end, type: 'ANNUAL' });
    expect(res.status).toBe(201);
    made.push(res.body);
  }
  // HR then takes days back from Alice: approving her three would leave her one below zero.
  const aliceId = made[0]!.userId;
  const now = await annualLeft(admin, aliceId, nextYear);
  const onApproval = now.remaining! + now.pending - 3;
  await admin('POST', '/api/leave/allocations', {
    userId: aliceId,
    type: 'ANNUAL',
    year: nextYear,
    days: -(onApproval + 1),
    reason: 'Days taken before the policy',
  });

  await signIn(page, app, 'manager@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  const pending = page.getByRole('grid', { name: 'Waiting for your decision' });
  // Her three days, and Bob's single ones, as the page writes dates.
  const hers = await dateRange(page, day(0), day(2));
  const bobs = [await dayOf(page, day(0)), await dayOf(page, day(7))];
  const aliceRow = pending
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Select Alice Archer ${hers}` }) });
  await expect(aliceRow).toContainText(/→ −?\d/);
  await expect(aliceRow.locator('.approvals-below')).toBeVisible();
  await screenshot(page, '45-approvals-days-left', { fullPage: false });

  const status = page.getByRole('status', { name: 'Sync status' });
  await whileOffline(page, app, async () => {
    await toggle(pending, `Select Alice Archer ${hers}`, true);
    await toggle(pending, `Select Bob Becker ${bobs[0]}`, true);
    await toggle(pending, `Select Bob Becker ${bobs[1]}`, true);
    await page.getByRole('button', { name: 'Approve selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 3 requests' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Covered by the team');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    // The dialog stays on the one left, saying why; the others are gone from the list.
    const left = page.getByRole('dialog', { name: `Approve Alice Archer, ${hers}` });
    await expect(left.getByRole('alert')).toHaveText(
      `2 of 3 decided. Not decided: Alice Archer, ${hers}: This leaves −1 day of annual leave; the most allowed is 0`,
    );
    // Back on the one left with the reason as it was typed; in the list, still ticked.
    await expect(left.getByRole('textbox', { name: 'Reason' })).toHaveValue('Covered by the team');
    await expect(pending.getByRole('checkbox', { name: `Select Bob Becker ${bobs[0]}` })).toHaveCount(0);
    await expectAccessible(page, 'bulk approval refused by balance');
    await screenshot(page, '46-bulk-approval-floor');
    await left.getByRole('button', { name: 'Cancel' }).click();
    // Opened by no button, the dialog hands the focus to the ticked request's buttons.
    await expect(page.getByRole('button', { name: 'Approve selected' })).toBeFocused();
    await expect(pending.getByRole('checkbox', { name: `Select Alice Archer ${hers}` })).toBeChecked();
    await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
    await expect(pending.getByRole('checkbox', { name: `Select Bob Becker ${bobs[1]}` })).toHaveCount(0);
    await expect(status).toContainText('2 waiting to sync');
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  const served = await Promise.all(
    made.map(async (l) => (await admin<Leave>('GET', `/api/leave/${l.id}`)).body.status),
  );
  expect(served).toEqual(['PENDING', 'APPROVED', 'APPROVED']);
});

test('an admin sets the leave policy offline: refused in words beside a field, then sent once', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  await page.getByRole('tab', { name: 'Leave policy' }).click();
  const form = page.getByRole('form', { name: 'Leave policy' });
  await expect(form.getByLabel('Annual allowance (working days a year)')).toHaveValue('25');
  const status = page.getByRole('status', { name: 'Sync status' });
  await whileOffline(page, app, async () => {
    // The floor's hint follows what is typed: nothing about 0 beside a negative number.
    const floor = form.getByLabel('Days a balance may go below zero');
    await expect(floor).toHaveAccessibleDescription('0: a request may not take more than is left');
    await floor.fill('-2');
    await expect(floor).toHaveAccessibleDescription('Enter 0 or more: how many days below zero a balance may go');
    await expect(form.getByText('0: a request may not take more than is left')).toHaveCount(0);
    await form.getByRole('button', { name: 'Save policy' }).click();
    await expect(
      form.locator('.field-error', { hasText: 'The days a balance may go below zero cannot be negative' }),
    ).toBeVisible();
    await expect(form.getByLabel('Days a balance may go below zero')).toHaveValue('-2');
    await form.getByLabel('Days a balance may go below zero').fill('2');
    await expect(form.getByText('A request may take a balance down to 2 days below zero')).toBeVisible();
    // Each type's box is named by what ticking it says yes to: unticked, it reads as not counted.
    await expect(form.getByRole('checkbox', { name: 'Count annual leave against an allowance' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Count sick leave against an allowance' })).not.toBeChecked();
    await expect(form.getByText(/counted against an allowance/)).toHaveCount(0);
    await toggle(form, 'Count other leave against an allowance', true);
    await form.getByLabel('Other allowance (working days a year)').fill('3');
    await form.getByRole('button', { name: 'Save policy' }).click();
    await expect(form.getByText('The last change reaches the service at the next sync.')).toBeVisible();
    await expectAccessible(page, 'leave policy');
    await screenshot(page, '47-leave-policy');
    await inDark(page, () => screenshot(page, '47-leave-policy-dark', { fullPage: false }));
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  const admin = await app.service.as('admin@acme.test');
  const served = (await admin<LeavePolicy>('GET', '/api/leave/policy')).body;
  expect([served.floorDays, served.types.find((t) => t.type === 'OTHER')]).toEqual([
    2,
    { type: 'OTHER', counted: true, allowanceDays: 3 },
  ]);
  expect(served.version).toBe(2);
});
