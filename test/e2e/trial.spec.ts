import type { Form, Leave, Training } from '../../src-shared/wire';
import {
  accountMenu,
  choose,
  dateRange,
  dayOf,
  expect,
  expectAccessible,
  fillDate,
  inDark,
  literally,
  screenshot,
  signIn,
  test,
  toggle,
  whileOffline,
} from './fixtures';

// What a new user tripped over in a trial of the three roles, each at its cause.

test('leave dates: the end date waits for a whole start date, and an error follows the dates it is about', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'alice@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  await page.getByRole('button', { name: 'New leave request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New leave request' });
  // The dialog opens on its first field.
  await expect(dialog.getByRole('group', { name: 'Start date' }).locator('[data-type="month"]')).toBeFocused();

  // Typed in one go from the month: the end date follows only once the year is whole.
  await dialog.getByRole('group', { name: 'Start date' }).locator('[data-type="month"]').click();
  await page.keyboard.type('03152027');
  const end = dialog.getByRole('group', { name: 'End date' });
  await expect(end.locator('[data-type="year"]')).toHaveText('2027');
  await expect(end.locator('[data-type="month"]')).toHaveText('3');
  await expect(end.locator('[data-type="day"]')).toHaveText('15');
  await expect(dialog.getByRole('status').locator('p').first()).toHaveText('1 working day');

  // A refusal, then dates mended: the old error goes, and what the dates break now shows instead.
  const fieldError = (text: string) => dialog.locator('.field-error', { hasText: text });
  await fillDate(dialog, 'Start date', '2026-12-10');
  await fillDate(dialog, 'End date', '2026-12-05');
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await expect(fieldError('The end date is before the start date')).toBeVisible();
  // Said once, beside its field, not again at the foot of the form.
  await expect(dialog.getByText('The end date is before the start date')).toHaveCount(1);
  // Focus goes to the field in error.
  await expect(dialog.getByRole('group', { name: 'End date' }).locator('[data-type="month"]')).toBeFocused();
  await fillDate(dialog, 'Start date', '2027-01-04');
  await fillDate(dialog, 'End date', '2028-02-08');
  await expect(dialog.getByText('The end date is before the start date')).toHaveCount(0);
  await expect(fieldError('A request can span at most 366 days')).toBeVisible();
  await fillDate(dialog, 'End date', '2027-01-08');
  await expect(dialog.getByText('A request can span at most 366 days')).toHaveCount(0);
  await expect(dialog.getByRole('status').locator('p').first()).toHaveText('5 working days');
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page
      .getByRole('grid', { name: 'My requests' })
      .getByRole('row', { name: literally(await dateRange(page, '2027-01-04', '2027-01-08')) }),
  ).toHaveCount(1);
});

test('the next person to sign in starts from the default view, with no record of the last one open', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'alice@acme.test');
  const forms = (await (await app.service.as('alice@acme.test'))<{ data: Form[] }>('GET', '/api/forms/assigned')).body
    .data;
  const shared = forms.find((f) => f.title === 'Employee engagement pulse')!;
  // A notification's link to the form, followed.
  await page.evaluate((id) => (location.hash = `#/forms?id=${id}`), shared.id);
  await expect(page.getByRole('dialog', { name: shared.title })).toBeVisible();
  await page.getByRole('dialog', { name: shared.title }).getByRole('button', { name: 'Close' }).click();
  await accountMenu(page, 'Sign out');
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).not.toHaveURL(/#\/forms/);

  await page.getByLabel('Email').fill('manager@acme.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A manager with requests waiting lands on them.
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  await expect(page).not.toHaveURL(/id=/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Back does not lead to Alice's page either.
  await page.goBack();
  await expect(page.getByRole('dialog', { name: shared.title })).toHaveCount(0);
});

test('typed input is never changed silently: numbers and long text are refused in words and kept as typed', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'alice@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trainings' }).click();
  await page.getByRole('button', { name: 'New training' }).click();
  const dialog = page.getByRole('dialog', { name: 'New training' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('First aid');
  await choose(dialog, 'Type', 0);
  await choose(dialog, 'Category', 0);
  await fillDate(dialog, 'Start date', '2027-02-01');
  await dialog.getByLabel('Hours').fill('-5');
  await dialog.getByLabel('Cost').fill('abc');
  await expect(dialog.getByLabel('Hours')).toHaveValue('-5');
  await expect(dialog.getByLabel('Cost')).toHaveValue('abc');
  await dialog.getByRole('button', { name: 'Add training' }).click();
  const fieldError = (text: string) => dialog.locator('.field-error', { hasText: text });
  await expect(fieldError('The hours cannot be negative')).toBeVisible();
  await expect(fieldError('Enter the cost as a number')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(
    '2 things need correcting: Enter the cost as a number; The hours cannot be negative',
  );
  // Focus on the first field in error; what was typed is still there to mend.
  await expect(dialog.getByLabel('Hours')).toBeFocused();
  await expect(dialog.getByLabel('Hours')).toHaveValue('-5');
  await expect(dialog.getByLabel('Cost')).toHaveValue('abc');
  await expect(page.getByRole('status', { name: 'Sync status' })).not.toContainText('waiting to sync');
  await dialog.getByLabel('Hours').fill('5');
  await expect(fieldError('The hours cannot be negative')).toHaveCount(0);
  await dialog.getByLabel('Cost').fill('120.5');
  await dialog.getByRole('button', { name: 'Add training' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 15_000 });
  const mine = (
    await (
      await app.service.as('alice@acme.test')
    )<{ data: Training[] }>('GET', '/api/trainings?pageSize=500')
  ).body.data.filter((t) => t.name === 'First aid');
  expect(mine.map((t) => [t.hours, t.cost])).toEqual([[5, 120.5]]);
});

test('a reason past its limit is counted and refused, never cut', async ({ page, app }) => {
  const alice = await app.service.as('alice@acme.test');
  const asked = (
    await alice<Leave>('POST', '/api/leave', { startDate: '2027-03-03', endDate: '2027-03-03', type: 'ANNUAL' })
  ).body;
  await signIn(page, app, 'manager@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  await page
    .getByRole('button', { name: literally(`Reject Alice Archer, ${await dayOf(page, '2027-03-03')}`) })
    .click();
  const dialog = page.getByRole('dialog', { name: /^Reject Alice Archer/ });
  const reason = dialog.getByRole('textbox', { name: 'Reason' });
  await expect(reason).toBeFocused();
  const long = `${'Release week. '.repeat(36)}Sorry`;
  expect(long.length).toBe(509);
  await reason.fill(long);
  await expect(reason).toHaveValue(long);
  await expect(dialog.getByText('509 of 500 characters')).toBeVisible();
  // Near the limit (not at every key far from it), a screen reader hears the count once typing pauses.
  const spoken = dialog.locator('.field [aria-live="polite"]');
  await expect(spoken).toHaveText('9 characters over the limit');
  await expect(dialog.getByText('The reason is too long: at most 500 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('status', { name: 'Sync status' })).not.toContainText('waiting to sync');
  await reason.fill(long.slice(0, 495));
  await expect(dialog.getByText('495 of 500 characters')).toBeVisible();
  await expect(spoken).toHaveText('5 characters left');
  await reason.fill('Release week');
  await expect(dialog.getByText('12 of 500 characters')).toBeVisible();
  await expect(spoken).toHaveText('');
  await reason.fill(long.slice(0, 495));
  await expect(dialog.getByText('The reason is too long: at most 500 characters')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 15_000 });
  const served = (await alice<Leave>('GET', `/api/leave/${asked.id}`)).body;
  expect([served.status, served.reviewComment]).toEqual(['REJECTED', long.slice(0, 495).trim()]);
});

test('rough edges, as they look: one-line header, a long reason kept in its cell, a bulk decision that lists what it covers', async ({
  page,
  app,
}) => {
  // A dozen requests made, then looked at and decided through the views: over 90 s on a busy machine.
  test.slow();
  const [alice, bob, manager] = await Promise.all(
    ['alice', 'bob', 'manager'].map((who) => app.service.as(`${who}@acme.test`)),
  );
  // Twelve requests waiting, and one decided with a reason that is one long word.
  const made: Leave[] = [];
  for (let i = 0; i < 12; i++) {
    const day = new Date(Date.UTC(2028, 0, 4 + 7 * i)).toISOString().slice(0, 10);
    made.push(
      (await (i % 2 ? bob! : alice!)<Leave>('POST', '/api/leave', { startDate: day, endDate: day, type: 'ANNUAL' }))
        .body,
    );
  }
  const decided = (
    await alice!<Leave>('POST', '/api/leave', { startDate: '2028-06-06', endDate: '2028-06-06', type: 'ANNUAL' })
  ).body;
  const longWord = `Seehttps://intranet.example/handbook/leave/${'x'.repeat(160)}`;
  await manager!('PUT', `/api/leave/${decided.id}/status`, { status: 'REJECTED', comment: longWord });

  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, app, 'manager@acme.test');
  const header = page.getByRole('banner');
  const oneLine = async () => (await header.boundingBox())!.height;
  expect(await oneLine()).toBeLessThan(70);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();

  const history = page.getByRole('grid', { name: 'Decided' });
  const june6 = await dayOf(page, '2028-06-06');
  const row = history.getByRole('row').filter({ has: page.getByRole('gridcell', { name: june6, exact: true }) });
  await expect(row).toBeVisible();
  // The table stays inside its box, and the date stays on one line.
  const wrap = page.locator('.table-wrap', { has: history });
  expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const dateCell = row.getByRole('gridcell', { name: june6, exact: true });
  const lines = (el: Element) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  };
  expect(await dateCell.evaluate(lines)).toBe(1);
  await history.scrollIntoViewIfNeeded();
  await screenshot(page, '26-decided-long-reason', { fullPage: false });

  const pending = page.getByRole('grid', { name: 'Waiting for your decision' });
  for (const [i, l] of made.entries()) {
    const day = await dayOf(page, l.startDate.slice(0, 10));
    await toggle(pending, `Select ${i % 2 ? 'Bob Becker' : 'Alice Archer'} ${day}`, true);
  }
  await page.getByRole('button', { name: 'Reject selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject 12 requests' });
  const covers = dialog.getByRole('list', { name: 'Rejects these requests:' });
  await expect(covers.getByRole('listitem')).toHaveCount(11);
  await expect(covers.getByRole('listitem').first()).toHaveText(
    /^(Alice Archer|Bob Becker), [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 2028/,
  );
  await expect(covers.getByRole('listitem').last()).toHaveText('and 2 more');
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await expectAccessible(page, 'bulk reject');
  await screenshot(page, '27-bulk-reject-lists');
  await inDark(page, () => screenshot(page, '27-bulk-reject-lists-dark'));
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Stocktaking');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toHaveCount(0);
  // Focus on the next request waiting, not lost to the page.
  await expect(page.locator('.approvals-pending .row input[type="checkbox"]').first()).toBeFocused();

  // Offline with changes waiting, at 1440: the status shortens rather than wrap the header.
  await page.setViewportSize({ width: 1440, height: 900 });
  await whileOffline(page, app, async () => {
    expect(await oneLine()).toBeLessThan(70);
    await expectAccessible(page, 'header offline');
    await screenshot(page, '28-header-offline-pending', { fullPage: false });
    await inDark(page, () => screenshot(page, '28-header-offline-pending-dark', { fullPage: false }));
  });
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 15_000 });
  const after = (await manager!<{ data: Leave[] }>('GET', '/api/leave/pending-approvals?pageSize=100')).body.data;
  expect(after.filter((l) => made.some((m) => m.id === l.id))).toEqual([]);
});

test('a new question is not marked wrong before it is written; written answers keep their direction', async ({
  page,
  app,
}) => {
  const admin = await app.service.as('admin@acme.test');
  const form = (
    await admin<Form>('POST', '/api/forms', {
      title: 'Languages',
      status: 'PUBLISHED',
      allowMultipleSubmissions: true,
      questions: [{ type: 'TEXT', label: 'Say hello' }],
    })
  ).body;
  const hebrew = 'שלום עולם';
  for (const value of [hebrew, 'Hello world']) {
    await admin('POST', `/api/forms/submit/${form.id}`, { answers: [{ questionId: form.questions[0]!.id, value }] });
  }
  await signIn(page, app, 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  await page.getByRole('button', { name: 'New form' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Fresh');
  await page.getByRole('button', { name: 'Add question' }).click();
  const q = page.getByRole('region', { name: 'Question 1' });
  await expect(q.getByRole('textbox', { name: 'Question' })).toBeFocused();
  // Past the autosave's pause (it ran: the status says why nothing was kept), and in the same
  // moment: still nothing marked on the question being written.
  await expect(page.getByRole('status').filter({ hasText: 'Not saved' })).toHaveText(
    'Not saved yet: the new question is still being written',
  );
  await expect(q.locator('.field-error')).toHaveCount(0);
  await screenshot(page, '29-builder-new-question', { fullPage: false });
  // Left empty: now it says what is missing.
  await page.getByRole('textbox', { name: 'Title' }).focus();
  await expect(q.locator('.field-error')).toHaveText('Enter the question');

  await page.goto(`${app.host.url.split('#')[0]}#/forms?edit=${form.id}`);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const answers = page.getByRole('list', { name: 'Latest answers' });
  await expect(answers.getByRole('listitem')).toHaveCount(2);
  const quoted = answers.getByRole('listitem').filter({ hasText: hebrew });
  await expect(quoted.locator('bdi')).toHaveText(hebrew);
  await answers.scrollIntoViewIfNeeded();
  await screenshot(page, '30-analytics-rtl-quote', { fullPage: false });
});
