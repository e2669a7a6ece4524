import type { Leave } from '../../src-shared/wire';
import { expect, expectAccessible, fillDate, screenshot, signIn, test } from './fixtures';

test('an employee requests leave offline, sees what it costs, edits it, and it reaches the service once', async ({
  page,
  app,
}) => {
  const me = await signIn(page, app, 'alice@acme.test').then(() => app.service.as('alice@acme.test'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
  const status = page.getByRole('status', { name: 'Sync status' });
  await app.service.stop();
  try {
    await expect(status).toContainText('Offline', { timeout: 5_000 });
    await page.getByRole('button', { name: 'New leave request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New leave request' });
    await fillDate(dialog, 'Start date', '2029-05-04');
    await fillDate(dialog, 'End date', '2029-05-08');
    // Friday to Tuesday over a weekend and the UK's early May bank holiday.
    await expect(dialog.getByRole('status')).toHaveText(
      '2 working days · not counted: Early May bank holiday (2029-05-07)',
    );
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Long weekend');
    await expectAccessible(page, 'new leave request');
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await expect(dialog).toHaveCount(0);

    const row = page.getByRole('grid', { name: 'My requests' }).getByRole('row', { name: /2029-05-04 to 2029-05-08/ });
    await expect(row).toContainText('Waiting to sync');
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: 'Edit Annual leave, 2029-05-04 to 2029-05-08' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit leave request' });
    await expect(edit.getByRole('textbox', { name: 'Notes' })).toHaveValue('Long weekend');
    await fillDate(edit, 'End date', '2029-05-09');
    await expect(edit.getByRole('status')).toHaveText(
      '3 working days · not counted: Early May bank holiday (2029-05-07)',
    );
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toHaveCount(0);
    await expect(status).toContainText(' pending');
    await screenshot(page, '16-leave-offline');
  } finally {
    await app.service.start();
  }
  await expect(status).toContainText('Synced', { timeout: 15_000 });
  const mine = (await me<{ data: Leave[] }>('GET', '/api/leave?pageSize=100')).body.data;
  const made = mine.filter((l) => l.startDate.startsWith('2029-05-04'));
  expect(made.map((l) => [l.endDate.slice(0, 10), l.days, l.notes, l.status])).toEqual([
    ['2029-05-09', 3, 'Long weekend', 'PENDING'],
  ]);
});
