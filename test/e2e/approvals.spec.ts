import type { Leave, Notification } from '../../src-shared/wire';
import {
  dayAndMonth,
  dayOf,
  expect,
  expectAccessible,
  screenshot,
  signIn,
  test,
  toggle,
  whileOffline,
} from './fixtures';

test('a manager, offline, approves three and rejects two in bulk with a reason; each reaches the service once', async ({
  page,
  app,
}) => {
  const alice = await app.service.as('alice@acme.test');
  const bob = await app.service.as('bob@acme.test');
  const made: Leave[] = [];
  for (const [who, day] of [
    [alice, '2029-03-05'],
    [alice, '2029-03-12'],
    [alice, '2029-03-19'],
    [bob, '2029-03-05'],
    [bob, '2029-03-13'],
  ] as const) {
    made.push((await who<Leave>('POST', '/api/leave', { startDate: day, endDate: day, type: 'ANNUAL' })).body);
  }
  await signIn(page, app, 'manager@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  const pending = page.getByRole('grid', { name: 'Waiting for your decision' });
  const march5 = await dayOf(page, '2029-03-05');
  await expect(pending.getByRole('checkbox', { name: `Select Alice Archer ${march5}` })).toBeVisible();
  const status = page.getByRole('status', { name: 'Sync status' });

  // Beside a request: who else in the department is away, each day's count, the person's year.
  await pending.getByRole('button', { name: `Context: who else is away, Alice Archer, ${march5}` }).click();
  const context = page.getByRole('dialog', { name: `Alice Archer, ${march5}` });
  await expect(context.getByRole('region', { name: 'Also away in the department' })).toContainText(
    `Bob Becker, ${march5} (pending)`,
  );
  await expect(context.getByRole('region', { name: 'Others away each working day' })).toContainText(
    `${await dayAndMonth(page, '2029-03-05')} 1`,
  );
  await expect(context.getByRole('region', { name: 'Alice Archer’s leave in 2029' })).toContainText(
    'Annual: 3 working days',
  );
  await expectAccessible(page, 'request context');
  await screenshot(page, '17-request-context');
  await context.getByRole('button', { name: 'Close' }).click();
  // A row's buttons are pressed without ticking their row, by mouse as by keyboard.
  await expect(page.getByText('Select requests to decide several at once')).toBeVisible();
  await pending.getByRole('button', { name: `Reject Bob Becker, ${march5}` }).focus();
  await page.keyboard.press('Enter');
  await page
    .getByRole('dialog', { name: `Reject Bob Becker, ${march5}` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByText('Select requests to decide several at once')).toBeVisible();

  // A keyboard grid: arrows move between the rows, Space ticks the one focused, and again unticks it.
  const rows = pending.getByRole('row');
  await rows.nth(1).focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByText('Select requests to decide several at once')).toBeVisible();

  await whileOffline(page, app, async () => {
    for (const day of ['2029-03-05', '2029-03-12', '2029-03-19']) {
      await toggle(pending, `Select Alice Archer ${await dayOf(page, day)}`, true);
    }
    await expect(page.getByText('3 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Approve selected' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve 3 requests' });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toHaveCount(0);
    // Those decided left the selection with the list: "Select all" is neither ticked nor half-ticked.
    const all = pending.getByRole('checkbox', { name: 'Select all' });
    await expect(all).toBeChecked({ checked: false });
    await expect(all).not.toBeChecked({ indeterminate: true });

    for (const day of ['2029-03-05', '2029-03-13']) {
      await toggle(pending, `Select Bob Becker ${await dayOf(page, day)}`, true);
    }
    await page.getByRole('button', { name: 'Reject selected' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject 2 requests' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    // A rejection asks for its reason, and keeps the dialog open until it has one.
    await expect(reject.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(/Give a reason/);
    await reject.getByRole('textbox', { name: 'Reason' }).fill('Release week: the team is needed');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject).toHaveCount(0);

    for (const l of made)
      await expect(pending.getByRole('row', { name: new RegExp(l.startDate.slice(0, 10)) })).toHaveCount(0);
    const decided = page.getByRole('grid', { name: 'Decided' });
    await expect(decided.getByText('Waiting to sync')).toHaveCount(5);
    await expect(status).toContainText('5 waiting to sync');
    await expectAccessible(page, 'approvals offline');
    await screenshot(page, '14-approvals-offline');
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  await expect(page.getByRole('grid', { name: 'Decided' }).getByText('Waiting to sync')).toHaveCount(0);

  for (const l of made) {
    const owner = l.userId === made[0]!.userId ? alice : bob;
    const now = (await owner<Leave>('GET', `/api/leave/${l.id}`)).body;
    const rejected = owner === bob;
    expect(now).toMatchObject({
      status: rejected ? 'REJECTED' : 'APPROVED',
      version: 2,
      reviewComment: rejected ? 'Release week: the team is needed' : null,
    });
  }
  const bobsNotes = (await bob<{ data: Notification[] }>('GET', '/api/notifications?limit=100')).body.data;
  const rejections = bobsNotes.filter((n) => n.type === 'LEAVE_REJECTED' && made.some((l) => l.id === n.data.leaveId));
  expect(rejections).toHaveLength(2);
  for (const n of rejections) expect(n.body).toContain('“Release week: the team is needed”');
  const alicesNotes = (await alice<{ data: Notification[] }>('GET', '/api/notifications?limit=100')).body.data;
  expect(
    alicesNotes.filter((n) => n.type === 'LEAVE_APPROVED' && made.some((l) => l.id === n.data.leaveId)),
  ).toHaveLength(3);
});
