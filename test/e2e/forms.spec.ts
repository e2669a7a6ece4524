import type { Locator } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import type { Form, FormAnalytics, FormResponse, User } from '../../src-shared/wire';
import {
  choose,
  expect,
  expectAccessible,
  pick,
  screenshot,
  signIn,
  test,
  toggle,
  type AppUnderTest,
  inDark,
  whileOffline,
} from './fixtures';

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

  await whileOffline(page, app, async () => {
    await row.getByRole('button', { name: 'Onboarding check-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Onboarding check-in' });
    await expect(dialog.getByText('0 of 5 answered')).toBeVisible();
    // Focus starts on the first question (the answers load after the dialog opens), not the dialog.
    await expect(dialog.getByRole('textbox', { name: 'Your team' })).toBeFocused();
    await expect(dialog.getByRole('textbox', { name: 'Your team' })).toHaveAccessibleDescription('0 of 500 characters');
    await expect(dialog.getByText('From 1 Not at all to 5 Very')).toBeVisible();
    // Required questions left empty: refused beside each, focus on the first, nothing queued.
    await dialog.getByRole('button', { name: 'Submit answers' }).click();
    await expect(dialog.getByText('Answer “Your team”')).toBeVisible();
    await expect(dialog.getByText('Answer “How useful was it?”')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Your team' })).toBeFocused();
    await expect(status).not.toContainText('waiting to sync');
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
    // Typed with a decimal comma, as many write it: kept as typed, sent as the number it is.
    await dialog.getByRole('textbox', { name: 'Hours spent on it' }).fill('2,5');
    await pick(dialog, 'Would you recommend it?', 'Yes');
    await expect(dialog.getByText('5 of 5 answered')).toBeVisible();
    await screenshot(page, '15b-answer-filled');
    await dialog.getByRole('button', { name: 'Submit answers' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Waiting to send');
    await expect(status).toContainText('waiting to sync');
  });
  await expect(status).toContainText(/Synced|Live/, { timeout: 15_000 });
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

test('an admin builds a form of every kind, publishes and distributes it; analytics equal the answers; CSV', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await signIn(page, app, 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByRole('heading', { name: 'All forms' })).toBeVisible();
  await expectAccessible(page, 'forms, admin');
  await page.getByRole('button', { name: 'New form' }).click();
  const editor = page.getByRole('article', { name: /Untitled form|Team pulse/ });
  await expect(page.getByRole('tab', { name: 'Questions' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('textbox', { name: 'Title' }).fill('Team pulse');
  await expect(page.getByRole('heading', { name: 'Team pulse', level: 2 })).toBeVisible();

  const kinds: [string, string, (q: Locator) => Promise<void>][] = [
    ['Your team', 'Short text', async () => undefined],
    ['What went well?', 'Long text', async () => undefined],
    ['Hours of focus a day', 'Number', async () => undefined],
    ['Last day off', 'Date', async () => undefined],
    [
      'Where do you work?',
      'One choice',
      async (q) => {
        await q.getByRole('textbox', { name: 'Option 1' }).fill('Office');
        await q.getByRole('textbox', { name: 'Option 2' }).fill('Home');
        await q.getByRole('button', { name: 'Add option' }).click();
        await q.getByRole('textbox', { name: 'Option 3' }).fill('Both');
      },
    ],
    [
      'Which tools help?',
      'Several choices',
      async (q) => {
        await q.getByRole('textbox', { name: 'Option 1' }).fill('Chat');
        await q.getByRole('textbox', { name: 'Option 2' }).fill('Wiki');
      },
    ],
    ['Would you stay?', 'Yes or no', async () => undefined],
    ['Workload', 'Rating 1–5', async () => undefined],
    [
      'Recommend us?',
      'Scale',
      async (q) => {
        await q.getByRole('textbox', { name: 'Words at the lowest end' }).fill('Never');
        await q.getByRole('textbox', { name: 'Words at the highest end' }).fill('Gladly');
      },
    ],
  ];
  const questions = page.getByRole('region', { name: /^Question \d+$/ });
  for (const [i, [label, kind, more]] of kinds.entries()) {
    const q = page.getByRole('region', { name: `Question ${i + 1}` });
    // Added once: a press a starved browser lost is made again, never a second question.
    await expect(async () => {
      if ((await questions.count()) === i) await page.getByRole('button', { name: 'Add question' }).click();
      await expect(q).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await q.getByRole('textbox', { name: 'Question' }).fill(label);
    if (kind !== 'Short text') await choose(q, 'Answered as', kind);
    await more(q);
  }
  // Duplicated, then deleted: the copy comes right after its question.
  await page.getByRole('region', { name: 'Question 1' }).getByRole('button', { name: 'Duplicate question' }).click();
  await expect(page.getByRole('region', { name: 'Question 2' }).getByRole('textbox', { name: 'Question' })).toHaveValue(
    'Your team (copy)',
  );
  await page.getByRole('region', { name: 'Question 2' }).getByRole('button', { name: 'Delete question' }).click();
  await expect(page.getByRole('region', { name: /^Question \d+$/ })).toHaveCount(9);
  // Dragged by its handle: the first question to the third place, then back by keyboard.
  // (The browser's own drag events, dispatched: headless Chromium does not start a native drag here.)
  await page.evaluate(() => {
    const cards = [...document.querySelectorAll<HTMLElement>('.forms-question-card')];
    const data = new DataTransfer();
    cards[0]!
      .querySelector('.forms-drag-handle')!
      .dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer: data }));
    cards[2]!.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }));
    cards[2]!.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
  });
  await expect(page.getByRole('region', { name: 'Question 3' }).getByRole('textbox', { name: 'Question' })).toHaveValue(
    'Your team',
  );
  for (const at of [3, 2]) {
    await page
      .getByRole('region', { name: `Question ${at}` })
      .getByRole('button', { name: 'Move up' })
      .click();
  }
  await expect(page.getByRole('region', { name: 'Question 1' }).getByRole('textbox', { name: 'Question' })).toHaveValue(
    'Your team',
  );
  // Reordered by keyboard: the last question moves up one, and back.
  const last = page.getByRole('region', { name: 'Question 9' });
  await last.getByRole('button', { name: 'Move up' }).click();
  await expect(page.getByRole('region', { name: 'Question 8' }).getByRole('textbox', { name: 'Question' })).toHaveValue(
    'Recommend us?',
  );
  await page.getByRole('region', { name: 'Question 8' }).getByRole('button', { name: 'Move down' }).click();
  await expect(last.getByRole('textbox', { name: 'Question' })).toHaveValue('Recommend us?');
  await expect(
    page.getByRole('complementary', { name: 'Preview' }).getByText('From 0 Never to 10 Gladly'),
  ).toBeVisible();
  await expect(editor.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 10_000 });
  await expectAccessible(page, 'builder');
  await screenshot(page, '20-form-builder', { fullPage: false });

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('checkbox', { name: /^Anonymous/ })).not.toBeChecked();
  await expectAccessible(page, 'form settings');
  await screenshot(page, '20b-form-settings');
  await page.getByRole('tab', { name: 'Questions' }).click();
  await inDark(page, async () => {
    await expectAccessible(page, 'builder, dark');
    await screenshot(page, '20c-form-builder-dark', { fullPage: false });
  });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(editor.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Distribute' }).click();
  const send = page.getByRole('dialog', { name: 'Distribute' });
  await toggle(send, 'Engineering', true);
  await expect(send.getByText(/^\d+ people will receive it/)).toBeVisible();
  await expectAccessible(page, 'distribute');
  await screenshot(page, '21-distribute', { fullPage: false });
  await send.getByRole('button', { name: 'Distribute' }).click();
  await expect(send).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 15_000 });

  // Four people of Engineering answer on the service.
  const admin = await app.service.as('admin@acme.test');
  // "Synced" may still be the status from before the last change left: wait for the service itself.
  const onService = async () => (await admin<{ data: Form[] }>('GET', '/api/forms?search=Team%20pulse')).body.data;
  await expect.poll(async () => (await onService()).map((f) => f.status), { timeout: 15_000 }).toEqual(['PUBLISHED']);
  const form = (await onService())[0]!;
  await expect
    .poll(async () => (await admin<FormAnalytics>('GET', `/api/forms/${form.id}/analytics`)).body.distributedCount, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  expect(form.questions.map((q) => q.type)).toEqual([
    'TEXT',
    'TEXTAREA',
    'NUMBER',
    'DATE',
    'SINGLE_CHOICE',
    'MULTIPLE_CHOICE',
    'YES_NO',
    'RATING',
    'SCALE',
  ]);
  expect(form.questions[8]).toMatchObject({ min: 0, max: 10, minLabel: 'Never', maxLabel: 'Gladly' });
  const id = Object.fromEntries(form.questions.map((q) => [q.label, q.id]));
  const answers: [string, Record<string, string>][] = [
    [
      'alice',
      {
        Workload: '4',
        'Recommend us?': '10',
        'Where do you work?': 'Home',
        'Would you stay?': 'yes',
        'Your team': 'Platform',
        'Hours of focus a day': '3.5',
        'Which tools help?': '["Chat"]',
      },
    ],
    [
      'bob',
      {
        Workload: '2',
        'Recommend us?': '9',
        'Where do you work?': 'Home',
        'Would you stay?': 'yes',
        'Your team': 'Platform',
        'Hours of focus a day': '5',
      },
    ],
    [
      'manager',
      {
        Workload: '3',
        'Recommend us?': '7',
        'Where do you work?': 'Office',
        'Would you stay?': 'no',
        'Last day off': '2026-10-02',
        'Which tools help?': '["Chat","Wiki"]',
      },
    ],
    [
      'admin',
      {
        Workload: '5',
        'Recommend us?': '3',
        'Where do you work?': 'Both',
        'Would you stay?': 'yes',
        'What went well?': 'Clear goals',
      },
    ],
  ];
  for (const [who, given] of answers) {
    const person = await app.service.as(`${who}@acme.test`);
    const body = { answers: Object.entries(given).map(([label, value]) => ({ questionId: id[label]!, value })) };
    expect((await person('POST', `/api/forms/submit/${form.id}`, body)).status).toBe(201);
  }
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 15_000 });

  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByLabel('In figures')).toContainText('Responses4');
  const chart = (title: string) => page.getByRole('figure', { name: title });
  // Workload 4, 2, 3, 5: mean 3.5, median 3.5. Scale 10, 9, 7, 3: two promoters, one passive, one detractor → NPS 25.
  await expect(chart('Workload')).toContainText('Mean 3.5, median 3.5, from 2 to 5.');
  await expect(chart('Recommend us?')).toContainText(
    'Net Promoter Score 25 (from −100 to 100): 2 promoters, 1 passive, 1 detractor.',
  );
  await expect(chart('Where do you work?')).toContainText('Home leads with 2 answers (50% of those who answered)');
  await expect(chart('Would you stay?')).toContainText('3 yes (75%) and 1 no (25%).');
  await expect(chart('Which tools help?')).toContainText('2 answers · 2 skipped');
  await chart('Where do you work?').getByRole('button', { name: 'Show as table' }).click();
  await expect(chart('Where do you work?').getByRole('row', { name: 'Home 2 50%' })).toBeVisible();
  await expect(chart('Where do you work?').getByRole('row', { name: 'Office 1 25%' })).toBeVisible();
  await expectAccessible(page, 'analytics');
  // The README's picture: the top of the tab, as the window shows it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, '22-form-analytics', { fullPage: false });
  await inDark(page, async () => {
    await expectAccessible(page, 'analytics, dark');
    await screenshot(page, '22b-form-analytics-dark');
  });

  // The dates filter: yesterday alone has none of them.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const range = page.getByRole('group', { name: 'Submitted between' });
  for (const [part, value] of [
    ['month', yesterday.slice(5, 7)],
    ['day', yesterday.slice(8, 10)],
    ['year', yesterday.slice(0, 4)],
    ['month', yesterday.slice(5, 7)],
    ['day', yesterday.slice(8, 10)],
    ['year', yesterday.slice(0, 4)],
  ] as const) {
    await range.locator(`[data-type="${part}"]:not([aria-valuenow])`).first().click();
    await page.keyboard.type(value);
  }
  await expect(page.getByText('No response matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('In figures')).toContainText('Responses4');

  // The responses, and their CSV.
  await page.getByRole('tab', { name: 'Responses' }).click();
  const table = page.getByRole('grid', { name: 'Responses' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expectAccessible(page, 'responses');
  await screenshot(page, '23-form-responses');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Team-pulse-responses.csv');
  const rows = parse(readFileSync(await download.path()), { bom: true }) as string[][];
  expect(rows).toHaveLength(1 + answers.length);
  expect(rows[0]!.slice(4)).toEqual(form.questions.map((q) => q.label));
  expect(
    rows
      .slice(1)
      .map((r) => r[3])
      .sort(),
  ).toEqual(answers.map(([who]) => `${who}@acme.test`).sort());
});

test('all forms: "Any status" when no status is chosen, a delete that starts on Keep it, responses on a time axis', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  const list = page.getByRole('grid', { name: 'All forms' });
  const status = page.getByRole('button', { name: /Status$/ });
  await expect(status).toHaveText(/Any status/);
  await choose(page, 'Status', 'Closed');
  await expect(list.getByRole('row', { name: /Visitor feedback/ })).toHaveCount(0);
  await expect(list.getByRole('row', { name: /Office move survey/ })).toHaveCount(1);
  await choose(page, 'Status', 'Any status');
  await expect(status).toHaveText(/Any status/);
  await expect(list.getByRole('row', { name: /Visitor feedback/ })).toHaveCount(1);

  // A delete asks first, with focus on the way out: Enter at once keeps the form.
  await page.getByRole('button', { name: 'Delete Visitor feedback' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “Visitor feedback”?' });
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await screenshot(page, '24-form-delete-confirm', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(list.getByRole('row', { name: /Visitor feedback/ })).toHaveCount(1);

  // Responses over time: a bar for every day from the first answer to the last, none left out.
  const admin = await app.service.as('admin@acme.test');
  const closed = (await admin<{ data: Form[] }>('GET', '/api/forms?search=Office%20move')).body.data[0]!;
  const byDay = (await admin<FormAnalytics>('GET', `/api/forms/${closed.id}/analytics`)).body.responsesByDay;
  const dayOf = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  const span = dayOf(byDay.at(-1)!.date) - dayOf(byDay[0]!.date) + 1;
  expect(byDay.length, 'days with answers, fewer than the days they span').toBeLessThan(span);
  await list.getByRole('link', { name: 'Office move survey' }).click();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const over = page.getByRole('figure', { name: 'Responses over time' });
  await expect(over).toContainText('Each bar is one day; days without a response show as zero.');
  await over.scrollIntoViewIfNeeded();
  await screenshot(page, '22c-responses-over-time', { fullPage: false });
  await inDark(page, () => screenshot(page, '22d-responses-over-time-dark', { fullPage: false }));
  await over.getByRole('button', { name: 'Show as table' }).click();
  const rows = over.getByRole('row');
  await expect(rows).toHaveCount(1 + span);
  await expect(over.getByRole('row', { name: /\d{4} 0$/ })).toHaveCount(span - byDay.length);
  await expectAccessible(page, 'responses over time');
});
