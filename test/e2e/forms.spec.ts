import type { Form, FormResponse, User } from '../../src-shared/wire';
import { expect, expectAccessible, pick, screenshot, signIn, test, type AppUnderTest } from './fixtures';

/** A published form with one question of each kind, sent to one person; made on the service by the admin. */
async function sendForm(app: AppUnderTest, to: string, title: string): Promise<Form> {
  const admin = await app.service.as('admin@acme.test');
  const closes = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const made = await admin<Form>('POST', '/api/forms', {
    title,
    description: 'Tell us how the onboarding went. It takes three minutes.',
    status: 'PUBLISHED',
    closeDate: closes,
    questions: [
      { type: 'TEXT', label: 'Your team', required: true },
      { type: 'NUMBER', label: 'Hours spent on it', min: 0, max: 40, description: 'Half hours are fine' },
      { type: 'RATING', label: 'How useful was it?', required: true, minLabel: 'Not at all', maxLabel: 'Very' },
      { type: 'SINGLE_CHOICE', label: 'Where did you take it?', options: ['Office', 'Home', 'On the road'] },
      { type: 'YES_NO', label: 'Would you recommend it?', required: true },
    ],
  });
  expect(made.status).toBe(201);
  const people = await admin<{ data: User[] }>('GET', `/api/users?search=${encodeURIComponent(to)}`);
  const person = people.body.data.find((u) => u.email === to)!;
  expect((await admin('POST', `/api/forms/${made.body.id}/distribute`, { userIds: [person.id] })).status).toBe(200);
  return made.body;
}

test('an employee fills in a form offline: refused in place, the draft kept across a reload, sent once', async ({
  page,
  app,
}) => {
  const form = await sendForm(app, 'alice@acme.test', 'Onboarding check-in');
  await signIn(page, app, 'alice@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  const mine = page.getByRole('grid', { name: 'Forms for me' });
  const row = mine.getByRole('row', { name: /Onboarding check-in/ });
  await expect(row).toContainText('To answer');
  const status = page.getByRole('status', { name: 'Sync status' });

  await app.service.stop();
  try {
    await expect(status).toContainText('Offline', { timeout: 5_000 });
    await row.getByRole('button', { name: 'Onboarding check-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Onboarding check-in' });
    await expect(dialog.getByText('0 of 5 answered')).toBeVisible();
    await expect(dialog.getByText('From 1 Not at all to 5 Very')).toBeVisible();
    // Required questions left empty: refused beside each, focus on the first, nothing queued.
    await dialog.getByRole('button', { name: 'Submit answers' }).click();
    await expect(dialog.getByText('Answer “Your team”')).toBeVisible();
    await expect(dialog.getByText('Answer “How useful was it?”')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Your team' })).toBeFocused();
    await expect(status).not.toContainText('pending');
    await expectAccessible(page, 'answering, refused');
    await screenshot(page, '15-answer-refused');

    // Half-way, then closed: the draft is kept on this computer, also past a reload.
    await dialog.getByRole('textbox', { name: 'Your team' }).fill('Platform');
    await dialog.getByRole('textbox', { name: 'Hours spent on it' }).fill('2.5');
    await pick(dialog, 'How useful was it?', '4');
    await expect(dialog.getByText('3 of 5 answered')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Draft saved');
    await page.reload();
    await expect(row).toContainText('Draft saved');
    await row.getByRole('button', { name: 'Onboarding check-in' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Your team' })).toHaveValue('Platform');
    await expect(dialog.getByRole('textbox', { name: 'Hours spent on it' })).toHaveValue('2.5');
    await expect(dialog.getByRole('radio', { name: '4' })).toBeChecked();

    // A number out of range is refused as the question is left.
    await dialog.getByRole('textbox', { name: 'Hours spent on it' }).fill('41');
    await pick(dialog, 'Where did you take it?', 'Home');
    await expect(dialog.getByText('Enter a number from 0 to 40 for “Hours spent on it”')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Hours spent on it' }).fill('2.5');
    await pick(dialog, 'Would you recommend it?', 'Yes');
    await expect(dialog.getByText('5 of 5 answered')).toBeVisible();
    await screenshot(page, '15b-answer-filled');
    await dialog.getByRole('button', { name: 'Submit answers' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Waiting to send');
    await expect(status).toContainText('pending');
  } finally {
    await app.service.start();
  }
  await expect(status).toContainText('Synced', { timeout: 15_000 });
  await expect(row).toContainText('Sent');
  const admin = await app.service.as('admin@acme.test');
  const responses = (await admin<{ data: FormResponse[] }>('GET', `/api/forms/${form.id}/responses`)).body.data;
  expect(responses).toHaveLength(1);
  const byLabel = Object.fromEntries(
    responses[0]!.answers.map((a) => [form.questions.find((q) => q.id === a.questionId)!.label, a.value]),
  );
  expect(byLabel).toEqual({
    'Your team': 'Platform',
    'Hours spent on it': '2.5',
    'How useful was it?': '4',
    'Where did you take it?': 'Home',
    'Would you recommend it?': 'yes',
  });
  expect(responses[0]!.respondent?.email).toBe('alice@acme.test');

  // What was sent reads back, from this computer.
  await row.getByRole('button', { name: 'Onboarding check-in' }).click();
  const sent = page.getByRole('dialog', { name: 'Onboarding check-in' });
  await expect(sent.getByRole('heading', { name: /^Your answers, sent / })).toBeVisible();
  await expect(sent.getByText('Platform')).toBeVisible();
  await expectAccessible(page, 'answers sent');
  await screenshot(page, '15c-answers-sent');
  await sent.getByRole('button', { name: 'Close' }).click();
});
