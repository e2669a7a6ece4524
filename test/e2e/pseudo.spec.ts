import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VIEWS } from '../../src-shared/appApi/views';
import { publicHolidaysOf } from '../../src-shared/holidays/publicHolidays';
import { expect, screenshot, signIn, test } from './fixtures';

// The app in its pseudo-locales: English accented and a third longer (en-XA), and English right to
// left (en-XB). Every word from the catalogs shows their marks: a visible word without them is one
// left out of the catalogs, unless it is the organization's own data (names, titles, answers).

/**
 * Every word the page may show that no catalog of ours gives: the organization's data as the service
 * holds it (names, titles, answers), and what libraries say in the page's language — dates, months,
 * how long ago (Intl), the widgets' own words (react-aria, its catalogs per language), the holidays'
 * names (their tables, per language). The pseudo-locales are English to them.
 */
async function dataWords(app: Parameters<Parameters<typeof test>[2]>[0]['app']): Promise<Set<string>> {
  const admin = await app.service.as('admin@acme.test');
  const words = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') for (const w of value.toLowerCase().match(/[a-z]+/g) ?? []) words.add(w);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const locale of ['en-GB', 'en-US']) {
    for (const style of ['long', 'short'] as const) {
      const names = (options: Intl.DateTimeFormatOptions, count: number, step: (n: number) => Date) => {
        const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
        for (let n = 0; n < count; n++) collect(format.format(step(n)));
      };
      names({ month: style }, 12, (n) => new Date(Date.UTC(2026, n, 15)));
      names({ weekday: style }, 7, (n) => new Date(Date.UTC(2026, 0, 5 + n)));
    }
    // A time of day's "AM" and "PM" (en-US writes them where a date and time show).
    const hours = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
    for (const hour of [9, 21]) collect(hours.format(new Date(Date.UTC(2026, 0, 5, hour))));
  }
  const ago = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const) {
    for (const n of [-5, -1, 0, 1, 5]) collect(ago.format(n, unit));
  }
  const widgets = readFileSync(
    join(__dirname, '..', '..', 'node_modules', 'react-aria-components', 'i18n', 'en-US.mjs'),
    'utf8',
  );
  collect([...widgets.matchAll(/:"([^"]*)"/g)].map((m) => m[1]));
  for (const country of ['GB', 'DE', 'FR', 'ES', 'IT', 'PL', 'PT', 'BE', 'NL', 'US']) {
    for (const year of [2025, 2026, 2027]) collect(publicHolidaysOf(country, year));
  }
  for (const path of [
    '/api/users?pageSize=500',
    '/api/departments',
    '/api/trainings?pageSize=500',
    '/api/forms?pageSize=500',
    '/api/leave?pageSize=500',
    '/api/organization',
  ]) {
    const res = await admin('GET', path);
    collect(res.body);
  }
  return words;
}

/** The visible words on the page (text and the names people hear) that no catalog message gave. */
async function untranslated(page: Page, data: Set<string>, pseudo: 'en-XA' | 'en-XB'): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element | null) =>
      !!el && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text && visible(n.parentElement) && !n.parentElement?.closest('[translate="no"], script, style'))
        out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [aria-description]')) {
      if (!visible(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'aria-description'])
        if (el.getAttribute(name)) out.push(el.getAttribute(name)!);
    }
    return out;
  });
  // A catalog's words carry accented letters (en-XA) or turned ones (en-XB); plain English words
  // that are not the organization's data came from somewhere else.
  const marked = /[\u00C0-\u024F\u0250-\u02AF\u1E00-\u1EFF\u2C60-\u2C7F\uA720-\uA7FF\u202E]/;
  // A word in plain letters beside them is a value put into a message: the organization's data or
  // a library's, else words made outside the catalogs (a date range's "to", "days").
  return [
    ...new Set(
      texts.filter((t) => {
        const words = t.toLowerCase().match(/(?<![\p{L}])[a-z]{2,}(?![\p{L}])/gu) ?? [];
        if (!marked.test(t) && /^\[.*\]$/s.test(t)) return false;
        // Turned letters (en-XB) are partly plain ones ("uo" is "on"): there, a marked text is the catalogs'.
        if (pseudo === 'en-XB' && marked.test(t)) return false;
        return words.some((w) => !data.has(w));
      }),
    ),
  ];
}

for (const pseudo of ['en-XA', 'en-XB'] as const) {
  test(`in ${pseudo}, every view shows only the catalogs' words beside the organization's data`, async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000);
    const data = await dataWords(app);
    await signIn(page, app, 'admin@acme.test');
    await page.evaluate((p) => localStorage.setItem('hr.language', p), pseudo);
    await page.reload();
    const found: Record<string, string[]> = {};
    for (const view of VIEWS) {
      await page.evaluate((v) => (location.hash = `#/${v}`), view);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /…\]?$/ })).toHaveCount(0);
      if (pseudo === 'en-XB') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const left = await untranslated(page, data, pseudo);
      if (left.length) found[view] = left;
      await screenshot(page, `95-${pseudo}-${view}`, { fullPage: false });
    }
    expect(found).toEqual({});
  });
}
