import type { Leave } from '../../src-shared/wire';
import {
  dateOf,
  dateRange,
  expect,
  expectAccessible,
  fillDate,
  inDark,
  literally,
  screenshot,
  signIn,
  test,
  whileOffline,
  wordedDate,
} from './fixtures';

test('an employee requests leave offline, sees what it costs, edits it, and it reaches the service once', async ({
  page,
  app,
}) => {
  const me = await signIn(page, app, 'alice@acme.test').then(() => app.service.as('alice@acme.test'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  const status = page.getByRole('status', { name: 'Sync status' });
  await whileOffline(page, app, async () => {
    await page.getByRole('button', { name: 'New leave request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New leave request' });
    await fillDate(dialog, 'Start date', '2029-05-04');
    await fillDate(dialog, 'End date', '2029-05-08');
    // Friday to Tuesday over a weekend and the UK's early May bank holiday.
    await expect(dialog.getByRole('status').locator('p').first()).toHaveText(
      `2 working days · not counted: Early May bank holiday (${await dateOf(page, '2029-05-07')})`,
    );
    // And what it leaves of the year's annual leave, known offline.
    await expect(dialog.getByRole('status')).toContainText(/After this request: \d+ days of annual leave left/);
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Long weekend');
    // Notes have a limit: their count is shown, and read with the field.
    await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription('12 of 2,000 characters');
    await expectAccessible(page, 'new leave request');
    await screenshot(page, '16a-leave-request-notes', { fullPage: false });
    await inDark(page, () => screenshot(page, '16a-leave-request-notes-dark', { fullPage: false }));
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await expect(dialog).toHaveCount(0);

    const row = page
      .getByRole('grid', { name: 'My requests' })
      .getByRole('row', { name: literally(await dateRange(page, '2029-05-04', '2029-05-08')) });
    await expect(row).toContainText('Waiting to sync');
    await expect(row).toContainText('Pending');
    await row
      .getByRole('button', { name: `Edit Annual leave, ${await dateRange(page, '2029-05-04', '2029-05-08')}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit leave request' });
    await expect(edit.getByRole('textbox', { name: 'Notes' })).toHaveValue('Long weekend');
    await fillDate(edit, 'End date', '2029-05-09');
    await expect(edit.getByRole('status').locator('p').first()).toHaveText(
      `3 working days · not counted: Early May bank holiday (${await dateOf(page, '2029-05-07')})`,
    );
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toHaveCount(0);
    await expect(status).toContainText(' waiting to sync');
    await screenshot(page, '16-leave-offline');
    // Withdrawn after a confirmation, then taken back with Undo: the request stays.
    const edited = page
      .getByRole('grid', { name: 'My requests' })
      .getByRole('row', { name: literally(await dateRange(page, '2029-05-04', '2029-05-09')) });
    await edited
      .getByRole('button', { name: `Withdraw Annual leave, ${await dateRange(page, '2029-05-04', '2029-05-09')}` })
      .click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw this request?' });
    // The confirmation starts on its way out: Enter at once withdraws nothing.
    await expect(withdraw.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await expect(edited).toHaveCount(0);
    const messages = page.getByRole('status', { name: 'Messages' });
    await expect(messages).toContainText(
      `Withdrawn: Annual leave, ${await dateRange(page, '2029-05-04', '2029-05-09')}`,
    );
    await messages.getByRole('button', { name: 'Undo' }).click();
    await expect(messages).toContainText(`Kept: Annual leave, ${await dateRange(page, '2029-05-04', '2029-05-09')}`);
    await expect(edited).toHaveCount(1);
    // The kept request takes the focus back, not the page's top.
    await expect(edited).toBeFocused();
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  const mine = (await me<{ data: Leave[] }>('GET', '/api/leave?pageSize=100')).body.data;
  const made = mine.filter((l) => l.startDate.startsWith('2029-05-04'));
  expect(made.map((l) => [l.endDate.slice(0, 10), l.days, l.notes, l.status])).toEqual([
    ['2029-05-09', 3, 'Long weekend', 'PENDING'],
  ]);
});

test('a request edited by its owner while the manager rejects it: a conflict naming it, then the rejection kept', async ({
  page,
  app,
}) => {
  const alice = await app.service.as('alice@acme.test');
  const manager = await app.service.as('manager@acme.test');
  const made = (
    await alice<Leave>('POST', '/api/leave', { startDate: '2029-06-04', endDate: '2029-06-05', type: 'ANNUAL' })
  ).body;
  await signIn(page, app, 'alice@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  // Alice works offline (the live stream would tell her at once); the manager decides on the
  // service meanwhile, and she edits the request as she last knew it.
  const offline = page.getByRole('button', { name: 'Work offline' });
  await offline.click();
  await expect(offline).toHaveAttribute('aria-pressed', 'true');
  await manager('PUT', `/api/leave/${made.id}/status`, { status: 'REJECTED', comment: 'Release week' });
  await page
    .getByRole('button', { name: `Edit Annual leave, ${await dateRange(page, '2029-06-04', '2029-06-05')}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit leave request' });
  await fillDate(edit, 'End date', '2029-06-06');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toHaveCount(0);
  await offline.click();

  await page.getByRole('button', { name: '1 conflict' }).click();
  const panel = page.getByRole('dialog', { name: 'Conflicts' });
  await expect(
    panel.getByRole('heading', {
      name: `Your annual leave, ${await wordedDate(page, '2029-06-04')} to ${await wordedDate(page, '2029-06-05')}`,
    }),
  ).toBeVisible();
  await expect(
    panel.getByRole('row', {
      name: `End date (differs) ${await dateOf(page, '2029-06-06')} ${await dateOf(page, '2029-06-05')}`,
    }),
  ).toBeVisible();
  await expect(panel).toContainText('It was rejected on the service meanwhile: your change could not be applied.');
  await expect(panel.getByRole('button', { name: /Retry|Edit/ })).toHaveCount(0);
  await expectAccessible(page, 'leave conflict');
  await screenshot(page, '18-leave-conflict');
  await panel.getByRole('button', { name: 'Keep the service’s' }).click();
  await expect(panel.getByText('No conflicts')).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  const row = page
    .getByRole('grid', { name: 'My requests' })
    .getByRole('row', { name: literally(await dateRange(page, '2029-06-04', '2029-06-05')) });
  await expect(row).toContainText('Rejected');
  await expect(row).toContainText('Release week');
  const served = (await alice<Leave>('GET', `/api/leave/${made.id}`)).body;
  expect([served.status, served.endDate.slice(0, 10)]).toEqual(['REJECTED', '2029-06-05']);
});
