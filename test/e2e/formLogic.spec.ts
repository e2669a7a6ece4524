import type { Form, FormResponse, List, User } from '../../src-shared/wire';
import {
  expect,
  expectAccessible,
  pick,
  screenshot,
  signIn,
  test,
  type AppUnderTest,
  inDark,
  whileOffline,
} from './fixtures';

// Forms that follow the answers: a follow-up asked only after No, sections one at a time, and a
// condition built by keyboard with the preview following it.

async function sendForm(app: AppUnderTest, to: string, body: Record<string, unknown>): Promise<Form> {
  const admin = await app.service.as('admin@acme.test');
  const made = await admin<Form>('POST', '/api/forms', { status: 'PUBLISHED', ...body });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const person = (await admin<{ data: User[] }>('GET', `/api/users?search=${encodeURIComponent(to)}`)).body.data.find(
    (u) => u.email === to,
  )!;
  expect((await admin('POST', `/api/forms/${made.body.id}/distribute`, { userIds: [person.id] })).status).toBe(200);
  return made.body;
}

test('offline, No brings the follow-up, Yes takes it away with its words kept, and only what is asked is sent', async ({
  page,
  app,
}) => {
  const form = await sendForm(app, 'alice@acme.test', {
    title: 'Year ahead',
    questions: [
      { type: 'YES_NO', label: 'Do you see yourself here in a year?', required: true, ref: 'stay' },
      {
        type: 'TEXTAREA',
        label: 'Why not?',
        required: true,
        showIf: { match: 'all', conditions: [{ questionId: 'stay', operator: 'equals', value: 'no' }] },
      },
      { type: 'TEXT', label: 'Anything else?' },
    ],
  });
  await signIn(page, app, 'alice@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  const row = page.getByRole('grid', { name: 'Forms for me' }).getByRole('row', { name: /Year ahead/ });
  const status = page.getByRole('status', { name: 'Sync status' });
  await whileOffline(page, app, async () => {
    await row.getByRole('button', { name: 'Year ahead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Year ahead' });
    await expect(dialog.getByText('0 of 2 answered')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /Why not\?/ })).toHaveCount(0);
    await pick(dialog, 'Do you see yourself here in a year?', 'No');
    const why = dialog.getByRole('textbox', { name: /Why not\?/ });
    await expect(why).toBeVisible();
    await expect(dialog.getByText('1 of 3 answered')).toBeVisible();
    await why.fill('The commute');
    await expectAccessible(page, 'a follow-up asked');
    await screenshot(page, '86-form-follow-up', { fullPage: false });
    await inDark(page, () => screenshot(page, '86-form-follow-up-dark', { fullPage: false }));
    await pick(dialog, 'Do you see yourself here in a year?', 'Yes');
    await expect(why).toHaveCount(0);
    // Changed back: the words come back with it.
    await pick(dialog, 'Do you see yourself here in a year?', 'No');
    await expect(dialog.getByRole('textbox', { name: /Why not\?/ })).toHaveValue('The commute');
    await pick(dialog, 'Do you see yourself here in a year?', 'Yes');
    await dialog.getByRole('button', { name: 'Submit answers' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(status).toContainText('1 waiting to sync');
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
  const admin = await app.service.as('admin@acme.test');
  const held = (await admin<List<FormResponse>>('GET', `/api/forms/${form.id}/responses`)).body.data;
  const ids = Object.fromEntries(form.questions.map((q) => [q.label, q.id]));
  expect(held).toHaveLength(1);
  expect(held[0]!.answers).toEqual([{ questionId: ids['Do you see yourself here in a year?'], value: 'yes' }]);
  expect(held[0]!.unasked).toEqual([ids['Why not?']]);
});

test('a form in three sections: Next checks each, Back returns, the draft survives a reload mid-section', async ({
  page,
  app,
}) => {
  const form = await sendForm(app, 'bob@acme.test', {
    title: 'Starter checklist',
    questions: [
      { type: 'TEXT', label: 'Your team', required: true, section: { title: 'About you' } },
      {
        type: 'SINGLE_CHOICE',
        label: 'Your laptop',
        options: ['Mac', 'Windows', 'Linux'],
        required: true,
        section: { title: 'Equipment', description: 'What you work on' },
      },
      { type: 'YES_NO', label: 'A second screen?' },
      { type: 'TEXTAREA', label: 'Anything missing?', section: { title: 'Last words' } },
    ],
  });
  await signIn(page, app, 'bob@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  const open = async () => {
    await page
      .getByRole('grid', { name: 'Forms for me' })
      .getByRole('row', { name: /Starter checklist/ })
      .getByRole('button', { name: 'Starter checklist' })
      .click();
    return page.getByRole('dialog', { name: 'Starter checklist' });
  };
  let dialog = await open();
  await expect(dialog.getByText('Section 1 of 3')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'About you' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Answer “Your team”')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Your team/ }).fill('Platform');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Section 2 of 3')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Equipment' })).toBeFocused();
  await pick(dialog, 'Your laptop', 'Linux');
  await expectAccessible(page, 'a section of a form');
  await screenshot(page, '87-form-sections', { fullPage: false });
  await inDark(page, () => screenshot(page, '87-form-sections-dark', { fullPage: false }));
  // Mid-section, the page is reloaded: the draft brings both answers back.
  await expect(dialog.getByText(/Draft saved on this computer/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 30_000 });
  dialog = await open();
  await expect(dialog.getByRole('textbox', { name: /Your team/ })).toHaveValue('Platform');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('radio', { name: 'Linux' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Section 3 of 3')).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByText('Section 2 of 3')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Submit answers' }).click();
  await expect(dialog).toHaveCount(0);
  const admin = await app.service.as('admin@acme.test');
  await expect
    .poll(async () => (await admin<List<FormResponse>>('GET', `/api/forms/${form.id}/responses`)).body.data.length, {
      timeout: 15_000,
    })
    .toBe(1);
});

test('an admin builds a condition by keyboard, and the preview follows it', async ({ page, app }) => {
  await signIn(page, app, 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  await page.getByRole('button', { name: 'New form' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Exit interview');
  const questions = page.getByRole('region', { name: /^Question \d+$/ });
  for (const n of [1, 2]) {
    await expect(async () => {
      if ((await questions.count()) === n - 1) await page.getByRole('button', { name: 'Add question' }).click();
      await expect(page.getByRole('region', { name: `Question ${n}` })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
  }
  const first = page.getByRole('region', { name: 'Question 1' });
  await first.getByRole('textbox', { name: 'Question' }).fill('Would you come back?');
  // By keyboard: the type, then the condition on the second question.
  await first.getByRole('button', { name: /Answered as/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Yes or no' }).focus();
  await page.keyboard.press('Enter');
  const second = page.getByRole('region', { name: 'Question 2' });
  await second.getByRole('textbox', { name: 'Question' }).fill('What would change your mind?');
  await second.getByRole('checkbox', { name: 'Show this question only if…' }).focus();
  await page.keyboard.press('Space');
  const condition = second.getByRole('group', { name: 'Condition' });
  await condition.getByRole('button', { name: /Condition/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'is', exact: true }).focus();
  await page.keyboard.press('Enter');
  await condition.getByRole('button', { name: /Answer/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'No' }).focus();
  await page.keyboard.press('Enter');
  await expect(second.getByText('Shown if “Would you come back?” is No')).toBeVisible();
  // The preview asks the follow-up only after No.
  const preview = page.getByRole('complementary', { name: 'Preview' });
  await expect(preview.getByText('What would change your mind?')).toHaveCount(0);
  await pick(preview, 'Would you come back?', 'No');
  await expect(preview.getByText('What would change your mind?')).toBeVisible();
  await expectAccessible(page, 'a condition in the builder');
  await screenshot(page, '88-builder-condition');
  await inDark(page, () => screenshot(page, '88-builder-condition-dark', { fullPage: false }));
  await pick(preview, 'Would you come back?', 'Yes');
  await expect(preview.getByText('What would change your mind?')).toHaveCount(0);
  // Deleting the question it depends on says what it breaks first.
  await first.getByRole('button', { name: 'Delete question' }).click();
  const warning = page.getByRole('dialog', { name: 'This breaks a condition' });
  await expect(warning).toContainText(
    '“What would change your mind?” is shown depending on “Would you come back?”: deleting it removes those conditions.',
  );
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(questions).toHaveCount(2);
});
