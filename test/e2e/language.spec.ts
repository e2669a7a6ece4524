import { VIEWS } from '../../src-shared/appApi/views';
import { clipped, expect, expectAccessible, fillDate, inDark, screenshot, signIn, test } from './fixtures';

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

  // Chosen in the account menu: the page changes at once, and the choice outlives a reload.
  await page.getByRole('button', { name: /, account$/ }).click();
  await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Language' }).click();
  const dialog = page.getByRole('dialog', { name: 'Language' });
  await dialog.getByText('Français', { exact: true }).click();
  await expectAccessible(page, 'language dialog');
  await dialog.getByRole('button', { name: 'Use this language' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Calendrier' })).toBeVisible();
  await expect(page).toHaveTitle('Calendrier · HR Offline');
  await page.reload();
  await expect(menu.getByRole('link', { name: 'Absences' })).toBeVisible();
  await page.getByRole('button', { name: /, compte$/ }).click();
  await page.getByRole('menu', { name: 'Compte' }).getByRole('menuitem', { name: 'Langue' }).click();
  const choice = page.getByRole('dialog', { name: 'Langue' });
  await choice.getByText(/^Comme le système/).click();
  await choice.getByRole('button', { name: 'Utiliser cette langue' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' })).toBeVisible();
});

test('a refusal the app knows offline is said in German with the service unreachable', async ({ page, app }) => {
  await signIn(page, app, 'alice@acme.test');
  await page.evaluate(() => localStorage.setItem('hr.language', 'de'));
  await page.reload();
  await app.service.stop();
  try {
    await expect(page.getByRole('status', { name: 'Synchronisierungsstatus' })).toContainText('Offline', {
      timeout: 8_000,
    });
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Abwesenheiten' }).click();
    await page.getByRole('button', { name: 'Neuer Abwesenheitsantrag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Abwesenheitsantrag' });
    await fillDate(dialog, 'Startdatum', '2026-12-10');
    await fillDate(dialog, 'Enddatum', '2026-12-05');
    await dialog.getByRole('button', { name: 'Antrag einreichen' }).click();
    await expect(dialog.getByRole('group', { name: 'Enddatum' })).toHaveAccessibleDescription(
      /Das Enddatum liegt vor dem Startdatum/,
    );
    await expect(dialog.getByText('The end date is before the start date')).toHaveCount(0);
    await expectAccessible(page, 'offline refusal in German');
    await screenshot(page, '91-offline-refusal-german', { fullPage: false });
  } finally {
    await app.service.start();
  }
});

for (const [locale, words] of [
  [
    'de',
    {
      nav: 'Hauptmenü',
      leave: 'Abwesenheiten',
      range: /[A-Z][a-z]\., \d{1,2}\. – [A-Z][a-z]\., \d{1,2}\. [A-ZÄ][a-zä]+\.? \d{4}/,
      chart: 'Abwesenheitskalender',
      // "25. Jan. 2027"; a chart's day "3, Mittwoch, 3. März 2027".
      date: /\d{1,2}\.\s[A-ZÄ][a-zä]+\.?\s\d{4}/,
      day: /^\d{1,2}, [A-Z][a-z]+, \d{1,2}\.\s[A-ZÄ][a-zä]+\s\d{4}/,
      // "1.295,00 €"
      money: /\d\.\d{3},\d{2}\s€/,
    },
  ],
  [
    'fr',
    {
      nav: 'Menu principal',
      leave: 'Absences',
      range: /[a-z]{3}\. \d{1,2} – [a-z]{3}\. \d{1,2} [a-zéû]+\.? \d{4}/,
      chart: 'Calendrier des absences',
      // "25 janv. 2027"; a chart's day "3, mercredi 3 mars 2027".
      date: /\d{1,2}\s[a-zéû]+\.?\s\d{4}/,
      day: /^\d{1,2}, [a-z]+\s\d{1,2}\s[a-zéû]+\s\d{4}/,
      // "1 295,00 €", grouped by a narrow no-break space
      money: /\d\s\d{3},\d{2}\s€/,
    },
  ],
] as const) {
  test(`every view in ${locale}, light and dark: accessible, its dates in the locale's form`, async ({ page, app }) => {
    test.setTimeout(120_000);
    await signIn(page, app, 'admin@acme.test');
    await page.evaluate((l) => localStorage.setItem('hr.language', l), locale);
    await page.reload();
    const nav = page.getByRole('navigation', { name: words.nav });
    await expect(nav.getByRole('link', { name: words.leave })).toBeVisible();
    // My requests write their dates as the locale does: one range, its weekdays.
    await expect(page.getByRole('grid').first()).toContainText(words.range);
    // Nothing runs past its box in the longer words of German and French.
    const cut: Record<string, string[]> = {};
    for (const view of VIEWS) {
      await page.evaluate((v) => (location.hash = `#/${v}`), view);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /…$/ })).toHaveCount(0);
      // Trainings' dates and costs, and the wall chart's days, in the locale's form, no date as ISO.
      if (view === 'trainings') {
        const trainings = page.getByRole('grid').first();
        await expect(trainings).toContainText(words.date);
        await expect(trainings).not.toContainText(/\d{4}-\d{2}-\d{2}/);
        // Costs as the locale writes money.
        await expect(trainings).toContainText(words.money);
      }
      if (view === 'calendar') {
        const chart = page.getByRole('grid', { name: words.chart });
        await expect(chart.getByRole('columnheader').nth(1)).toHaveAccessibleName(words.day);
      }
      await expectAccessible(page, `${view} in ${locale}`);
      const over = await clipped(page);
      if (over.length) cut[view] = over;
      await screenshot(page, `92-${locale}-${view}`, { fullPage: false });
      await inDark(page, async () => {
        await expectAccessible(page, `${view} in ${locale}, dark`);
        await screenshot(page, `92-${locale}-${view}-dark`, { fullPage: false });
      });
    }
    expect(cut).toEqual({});
  });
}
