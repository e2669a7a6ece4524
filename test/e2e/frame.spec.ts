import { accountMenu, expect, expectAccessible, fillDate, screenshot, signIn, test, toggle } from './fixtures';

test('sign-in screen: demo organization offered, wrong password explained, accessible', async ({ page, app }) => {
  await page.goto(app.host.url);
  await expect(page.getByRole('heading', { name: 'HR Offline' })).toBeVisible();
  await expect(page.getByLabel('Organization address')).toHaveValue(app.service.url);
  await expectAccessible(page, 'sign-in');
  await screenshot(page, '01-sign-in');
  await page.getByLabel('Email').fill('alice@acme.test');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
  await expect(page.getByLabel('Email')).toHaveValue('alice@acme.test');
});

for (const [email, role] of [
  ['alice@acme.test', 'USER'],
  ['manager@acme.test', 'MANAGER'],
  ['admin@acme.test', 'ADMIN'],
] as const) {
  test(`signs in as ${role} and shows the navigation`, async ({ page, app }) => {
    await signIn(page, app, email);
    for (const name of ['Leave', 'Calendar', 'Trainings', 'Forms', 'Notifications']) {
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Leave' }).click();
    await expect(page.getByRole('heading', { name: 'Leave', level: 1 })).toBeVisible();
    const approvals = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' });
    if (role === 'USER') await expect(approvals).toHaveCount(0);
    else {
      await approvals.click();
      await expect(page.getByRole('heading', { name: 'Waiting for your decision' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Forms' }).click();
    if (role === 'ADMIN') await expect(page.getByRole('heading', { name: 'All forms' })).toBeVisible();
    else await expect(page.getByRole('heading', { name: 'Forms for me' })).toBeVisible();
  });
}

test('every view of the frame is accessible, light and dark; screenshots of each', async ({ page, app }) => {
  await signIn(page, app, 'manager@acme.test');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [n, view, heading] of [
      ['02', 'Trainings', 'Trainings'],
      ['03', 'Notifications', 'Notifications'],
      ['04', 'Leave', 'Leave'],
      ['04b', 'Approvals', 'Approvals'],
      ['05', 'Calendar', 'Calendar'],
      ['06', 'Forms', 'Forms'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: view }).click();
      await expect(page.getByRole('heading', { name: new RegExp(`^${heading}`), level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/);
      // Requests to decide name their person, once the directory is read.
      if (view === 'Approvals') {
        await expect(page.getByRole('grid', { name: 'Waiting for your decision' })).toContainText(/Archer|Becker/);
      }
      // The view's lists are in (none still loading) before it is checked and pictured.
      await expect(page.getByRole('main').locator('.spinner')).toHaveCount(0);
      await expectAccessible(page, `${view} (${scheme})`);
      await screenshot(page, `${n}-${view.toLowerCase()}${scheme === 'dark' ? '-dark' : ''}`);
    }
  }
});

test('no console error through sign-in, navigation, account switch and sign-out, with and without deletion', async ({
  page,
  app,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  // Bob signed in on this computer before: the switcher offers him.
  await app.backend.handlers['session.signIn']({
    serviceUrl: app.service.url,
    email: 'bob@acme.test',
    password: 'demo1234',
  });
  await app.backend.handlers['session.signOut']({ deleteLocalData: false });
  await signIn(page, app, 'alice@acme.test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // She lands on Leave; each view navigated to after takes focus to its heading.
  for (const view of ['Calendar', 'Trainings', 'Forms', 'Notifications', 'Leave']) {
    await nav.getByRole('link', { name: new RegExp(`^${view}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${view}`) })).toBeFocused();
    await expect(page).toHaveTitle(`${view} · HR Offline`);
  }

  // Sign out keeping the data: the account is remembered but needs its password again.
  await accountMenu(page, 'Sign out');
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'HR Offline', level: 1 })).toBeVisible();

  // Signed in as Alice again and as Bob in the backend: switch to Bob, then sign out deleting his data.
  await app.backend.handlers['session.signIn']({
    serviceUrl: app.service.url,
    email: 'bob@acme.test',
    password: 'demo1234',
  });
  await app.backend.handlers['session.signIn']({
    serviceUrl: app.service.url,
    email: 'alice@acme.test',
    password: 'demo1234',
  });
  await expect(page.getByRole('status', { name: 'Sync status' })).toBeVisible();
  await accountMenu(page, /^Switch to Bob/);
  await expect(page.getByRole('banner').getByRole('button', { name: /, account$/ })).toHaveAccessibleName(
    /^Bob .*, account$/,
  );
  await accountMenu(page, 'Sign out');
  const dialog = page.getByRole('dialog', { name: 'Sign out' });
  await toggle(dialog, 'Delete this account’s data from this computer', true);
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  // The sign-in page at once offers Alice, and no longer Bob, whose data is gone.
  await expect(page.getByRole('button', { name: /^Open Alice/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open Bob/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^Open Alice/ }).click();
  await expect(page.getByRole('status', { name: 'Sync status' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('keyboard: the skip link, focus on each new view’s heading, and back on a dialog’s opener', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'admin@acme.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trainings' }).click();
  // From the top of a freshly opened page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Trainings' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Trainings' })).toBeFocused();
  await page.keyboard.press('Tab');
  const opener = page.getByRole('button', { name: 'New training' });
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New training' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await opener.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(opener).toBeFocused();
});

test('dialogs are accessible, light and dark; screenshots of each', async ({ page, app }) => {
  await signIn(page, app, 'manager@acme.test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await nav.getByRole('link', { name: 'Leave' }).click();
    await page.getByRole('button', { name: 'New leave request' }).click();
    const request = page.getByRole('dialog', { name: 'New leave request' });
    await fillDate(request, 'Start date', '2027-09-10');
    await fillDate(request, 'End date', '2027-09-06');
    await request.getByRole('button', { name: 'Submit request' }).click();
    await expect(request.getByRole('group', { name: 'End date' })).toHaveAccessibleDescription(
      /The end date is before the start date/,
    );
    await expectAccessible(page, `leave request (${scheme})`);
    await screenshot(page, `11-leave-request-${scheme}`);
    await request.getByRole('button', { name: 'Cancel' }).click();
    await accountMenu(page, 'Sign out');
    await expectAccessible(page, `sign out (${scheme})`);
    await screenshot(page, `12-sign-out-${scheme}`);
    await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Cancel' }).click();
  }
});

test('the sync status: offline within 5 s of the service stopping, still after a reload, back within 10 s unasked', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'alice@acme.test');
  const status = page.getByRole('status', { name: 'Sync status' });
  await app.service.stop();
  try {
    await expect(status).toContainText('Offline · last synced', { timeout: 5_000 });
    await page.reload();
    await expect(status).toContainText('Offline · last synced');
    await expect(status).not.toContainText(/Synced|Live/);
    await screenshot(page, '13-offline-status');
  } finally {
    await app.service.start();
  }
  await expect(status).toContainText(/Synced|Live/, { timeout: 10_000 });
});
