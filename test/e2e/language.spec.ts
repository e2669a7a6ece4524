import { expect, expectAccessible, screenshot, signIn, test } from './fixtures';

test('chosen on this computer, German names the frame; English again once the choice is gone', async ({
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
  await expectAccessible(page, 'frame in German');
  await screenshot(page, '90-frame-german', { fullPage: false });
  await page.evaluate(() => localStorage.removeItem('hr.language'));
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' })).toBeVisible();
  await expect(page).toHaveTitle('Calendar · HR Offline');
});
