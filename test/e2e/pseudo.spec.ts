import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VIEWS } from '../../src-shared/appApi/views';
import { LOCALE_NAMES } from '../../src-shared/i18n/locales';
import { publicHolidaysOf } from '../../src-shared/holidays/publicHolidays';
import { clipped, expect, screenshot, signIn, test } from './fixtures';

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
  // A date field's empty segments ("mm", "yyyy"), as react-aria writes them per language.
  const placeholders = readFileSync(
    join(__dirname, '..', '..', 'node_modules', 'react-stately', 'dist', 'private', 'datepicker', 'placeholders.js'),
    'utf8',
  );
  collect([...placeholders.matchAll(/'([a-z]+)'/g)].map((m) => m[1]));
  // Each language is offered in its own words ("Deutsch"), and the system's named so.
  collect(Object.values(LOCALE_NAMES));
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
      if (
        text &&
        visible(n.parentElement) &&
        !n.parentElement?.closest('[translate="no"], [lang]:not(html), script, style')
      )
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

const root = join(__dirname, '..', '..');
const english = JSON.parse(readFileSync(join(root, 'src-shared', 'i18n', 'catalogs', 'en.json'), 'utf8')) as Record<
  string,
  string
>;
type Element_ = { type: number; value?: string };
const catalogs = new Map<string, Record<string, Element_[]>>();
/** A pseudo-locale's compiled catalog, read once. */
function compiled(pseudo: string): Record<string, Element_[]> {
  let catalog = catalogs.get(pseudo);
  if (!catalog) {
    const file = join(root, 'src-shared', 'i18n', 'compiled', `${pseudo}.json`);
    catalogs.set(pseudo, (catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Element_[]>));
  }
  return catalog;
}

/** What an English message of the catalogs reads in a pseudo-locale, its values matching anything. */
function inPseudo(pseudo: 'en-XA' | 'en-XB', text: string): RegExp {
  const id = Object.keys(english).find((k) => english[k] === text);
  if (!id) throw new Error(`No message reads “${text}”`);
  const message = compiled(pseudo)[id]!;
  const pattern = message.map((e) => (e.type === 0 ? e.value!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '.*')).join('');
  return new RegExp(`^${pattern}$`);
}

for (const pseudo of ['en-XA', 'en-XB'] as const) {
  test(`in ${pseudo}, every view, tab and dialog shows only the catalogs' words, nothing clipped`, async ({
    page,
    app,
  }) => {
    test.setTimeout(300_000);
    const data = await dataWords(app);
    await signIn(page, app, 'admin@acme.test');
    await page.evaluate((p) => localStorage.setItem('hr.language', p), pseudo);
    await page.reload();
    const found: Record<string, string[]> = {};
    const cut: Record<string, string[]> = {};
    const say = (text: string) => inPseudo(pseudo, text);
    let shot = 0;
    const audit = async (where: string) => {
      await expect(page.getByRole('status').filter({ hasText: /…\]?$/ })).toHaveCount(0);
      const left = await untranslated(page, data, pseudo);
      if (left.length) found[where] = left;
      const over = await clipped(page);
      if (over.length) cut[where] = over;
      await screenshot(page, `95-${pseudo}-${String(++shot).padStart(2, '0')}-${where.replace(/\W+/g, '-')}`, {
        fullPage: false,
      });
    };
    /** Opens a dialog (or menu) by what opens it, audits it, and closes it with Escape. */
    const opened = async (where: string, opener: Locator, role: 'dialog' | 'menu' = 'dialog') => {
      await opener.first().click({ timeout: 15_000 });
      await expect(page.getByRole(role).last()).toBeVisible();
      await audit(where);
      await page.keyboard.press('Escape');
      await expect(page.getByRole(role)).toHaveCount(0);
    };
    const button = (text: string) =>
      page
        .getByRole('main')
        .getByRole('button', { name: say(text) })
        .and(page.locator(':enabled'));
    /** Each tab of the view's first tab list, audited in turn; `inTab` runs in the tab of that name. */
    const tabs = async (view: string, inTab: Record<string, () => Promise<void>> = {}) => {
      const list = page.getByRole('main').getByRole('tablist').first();
      const count = await list.getByRole('tab').count();
      for (let i = 0; i < count; i++) {
        const tab = list.getByRole('tab').nth(i);
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await audit(`${view}-tab-${i + 1}`);
        for (const [name, work] of Object.entries(inTab))
          if (say(name).test((await tab.textContent()) ?? '')) await work();
      }
    };
    const visited = new Set<string>();
    const go = async (view: (typeof VIEWS)[number]) => {
      visited.add(view);
      await page.evaluate((v) => (location.hash = `#/${v}`), view);
      await expect(page.locator('h1').first()).toBeVisible();
      if (pseudo === 'en-XB') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    };

    await go('leave');
    await tabs('leave', {
      'My leave': () => opened('leave-new-request', button('New leave request')),
      Balances: async () => {
        await page.getByRole('main').locator('table a, [role="grid"] a').first().click();
        await opened('leave-adjust', button('Adjust balance'));
      },
    });
    await go('approvals');
    await audit('approvals');
    await opened('approvals-context', button('Context: who else is away, {what}'));
    await opened('approvals-reject', button('Reject {what}'));
    await go('calendar');
    await audit('calendar');
    await opened('calendar-feeds', button('Subscribe in your calendar'));
    await go('people');
    await tabs('people');
    await go('people');
    await opened('people-add', button('Add person'));
    await opened('people-import', button('Import people'));
    await page.getByRole('main').locator('table a, [role="grid"] a').first().click();
    await expect(button('Change working week')).toBeVisible();
    await audit('person');
    await opened('person-edit', button('Edit'));
    await opened('person-week', button('Change working week'));
    await opened('person-end', button('End employment'));
    await go('trainings');
    await tabs('trainings');
    await go('trainings');
    await opened('trainings-add', button('New training'));
    await opened('trainings-actions', button('Actions for {name}'), 'menu');
    await go('forms');
    await audit('forms');
    await page.getByRole('main').locator('table a, [role="grid"] a').first().click();
    await expect(page.getByRole('main').getByRole('tab').first()).toBeVisible();
    await tabs('form', { Questions: () => opened('form-distribute', button('Distribute')) });
    await go('notifications');
    await audit('notifications');
    for (const item of ['Change password', 'E-mail notifications', 'Language']) {
      await page
        .getByRole('banner')
        .getByRole('button', { name: say('{name}, account') })
        .click();
      await page.getByRole('menuitem', { name: say(item) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit(`account-${item}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect([...visited].sort()).toEqual([...VIEWS].sort());
    expect(found).toEqual({});
    expect(cut).toEqual({});
  });
}
