import { expect, expectAccessible, screenshot, signIn, test } from './fixtures';

test('sign-in screen: demo organization offered, wrong password explained, accessible', async ({ page, app }) => {
  await page.goto(app.host.url);
  await expect(page.getByRole('heading', { name: 'HR Offline' })).toBeVisible();
  await expect(page.getByLabel('Service URL')).toHaveValue(app.service.url);
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
    if (role === 'USER') await expect(page.getByRole('heading', { name: 'Waiting for your decision' })).toHaveCount(0);
    else await expect(page.getByRole('heading', { name: 'Waiting for your decision' })).toBeVisible();
    await page.getByRole('link', { name: 'Forms' }).click();
    if (role === 'ADMIN') await expect(page.getByRole('heading', { name: 'All forms' })).toBeVisible();
    else await expect(page.getByRole('heading', { name: 'For you to answer' })).toBeVisible();
  });
}

test('every view of the frame is accessible; screenshots of each', async ({ page, app }) => {
  await signIn(page, app, 'manager@acme.test');
  for (const [n, view, heading] of [
    ['02', 'Trainings', 'Trainings'],
    ['03', 'Notifications', 'Notifications'],
    ['04', 'Leave', 'Leave'],
    ['05', 'Calendar', 'Calendar'],
    ['06', 'Forms', 'Forms'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: view }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`^${heading}`), level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('Synced');
    await page.waitForTimeout(300);
    await expectAccessible(page, view);
    await screenshot(page, `${n}-${view.toLowerCase()}`);
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('link', { name: 'Trainings' }).click();
  await expectAccessible(page, 'trainings (dark)');
  await screenshot(page, '07-trainings-dark');
});
