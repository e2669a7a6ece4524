import { expect, expectAccessible, screenshot, signIn, test } from './fixtures';

test('chosen on this computer, German names the frame, its sync status and account menu; English again once the choice is gone', async ({
  page,
  app,
}) => {
  await signIn(page, app, 'manager@acme.test');
  await page.evaluate(() => localStorage.setItem('hr.language', 'de'));
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
  for (const name of ['Abwesenheiten', 'Genehmigungen', 'Kalender', 'Personen', 'Schulungen', 'Formulare']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Kalender' }).click();
  await expect(page).toHaveTitle('Kalender · HR Offline');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('status', { name: 'Synchronisierungsstatus' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Jetzt synchronisieren' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Offline arbeiten' })).toBeVisible();
  await page.getByRole('button', { name: /, Konto$/ }).click();
  await expect(page.getByRole('menu', { name: 'Konto' }).getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'frame in German');
  await screenshot(page, '90-frame-german', { fullPage: false });
  await page.evaluate(() => localStorage.removeItem('hr.language'));
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' })).toBeVisible();
  await expect(page).toHaveTitle('Calendar · HR Offline');
});
