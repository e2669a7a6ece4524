import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Backend } from '../../src-main/core/app/backend';
import { MemoryTokenStore } from '../../src-main/core/session/tokens';
import { startWebHost, type WebHost } from '../../src-main/web/webHost';
import { ServiceProcess } from '../support/syncHarness';

export interface AppUnderTest {
  service: ServiceProcess;
  backend: Backend;
  host: WebHost;
}

const root = resolve(__dirname, '..', '..');
export const SCREENSHOTS = join(root, 'test-results', 'screenshots');

/** The real service, the real backend and the web host, fresh for each test; the page opened on it. */
export const test = base.extend<{ app: AppUnderTest }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  app: async ({}, use) => {
    const service = await new ServiceProcess(8).start();
    const dataDir = mkdtempSync(join(tmpdir(), 'hr-e2e-'));
    const backend = new Backend({
      dataDir,
      tokens: new MemoryTokenStore(),
      demoServiceUrl: service.url,
      sync: { debounceMs: 400, intervalMs: 3_600_000, reconnectMs: 500 },
      requestTimeoutMs: 4_000,
    });
    const host = await startWebHost({ backend, rendererDir: join(root, 'out', 'renderer') });
    await use({ service, backend, host });
    await host.close();
    backend.close();
    await service.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };

export async function signIn(page: Page, app: AppUnderTest, email: string) {
  await page.goto(app.host.url);
  await expect(page.getByLabel('Organization address')).toHaveValue(app.service.url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 30_000 });
}

/**
 * No serious or critical accessibility violation on the page as it is; with `minor`, none of any
 * impact (for a view whose minor ones were mended, so they do not come back).
 */
export async function expectAccessible(page: Page, what: string, { minor = false } = {}) {
  // react-aria's live announcer leaves a spoken message (role img, labelled by a choice that has since
  // closed) in its log for seven seconds: transient speech, not part of the page.
  const results = await new AxeBuilder({ page }).exclude('[role="log"] > [role="img"]').analyze();
  const bad = results.violations.filter((v) => minor || v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** The page as it looks; `fullPage: false` for what the window shows (long lists paint only what is on screen). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * `work` with the service stopped, once the app says it is offline; the service starts again
 * whatever happens.
 */
export async function whileOffline<T>(page: Page, app: AppUnderTest, work: () => Promise<T>): Promise<T> {
  await app.service.stop();
  try {
    await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('Offline', { timeout: 8_000 });
    return await work();
  } finally {
    await app.service.start();
  }
}

/** `work` (a dark screenshot, an axe run) with the page in dark colours, then light again whatever happens. */
export async function inDark<T>(page: Page, work: () => Promise<T>): Promise<T> {
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    return await work();
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

type Scope = Page | Locator;
const pageOf = (scope: Scope): Page => ('page' in scope ? scope.page() : scope);

/** Picks an option of a kit Select (a button with a list in a popover): by its text, or the nth. */
export async function choose(scope: Scope, label: string, option: string | RegExp | number) {
  await scope.getByRole('button', { name: label }).click();
  const listbox = pageOf(scope).getByRole('listbox');
  const item =
    typeof option === 'number'
      ? listbox.getByRole('option').nth(option)
      : listbox.getByRole('option', { name: option, exact: true });
  await item.click();
  await expect(listbox).toHaveCount(0);
}

/** Chooses an item of the header's account menu: "Sign out", or "Switch to …". */
export async function accountMenu(page: Page, item: string | RegExp) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /, account$/ })
    .click();
  await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: item }).click();
}

/** Two days as the page writes a range in its locale ("Fri, May 4 – Tue, May 8, 2029" in en-US). */
export async function dateRange(page: Page, start: string, end: string): Promise<string> {
  return page.evaluate(
    ([a, b]) =>
      new Intl.DateTimeFormat(navigator.language, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).formatRange(new Date(`${a}T00:00:00Z`), new Date(`${b}T00:00:00Z`)),
    [start, end] as const,
  );
}

/** One day as the page writes it in its locale ("Mon, Mar 5, 2029" in en-US). */
export async function dayOf(page: Page, date: string): Promise<string> {
  return page.evaluate(
    (d) =>
      new Intl.DateTimeFormat(navigator.language, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${d}T00:00:00Z`)),
    date,
  );
}

/** A pattern matching text as written, whatever characters it holds. */
export const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Types a date (`YYYY-MM-DD`) into a kit DatePicker's segments, whatever their order in the locale. */
export async function fillDate(scope: Scope, label: string, date: string) {
  const group = scope.getByRole('group', { name: label });
  const [year, month, day] = date.split('-');
  for (const [type, value] of [
    ['month', month],
    ['day', day],
    ['year', year],
  ] as const) {
    await group.locator(`[data-type="${type}"]`).click();
    await pageOf(scope).keyboard.type(value!);
  }
}

/** Chooses a radio of a kit RadioGroup through its label (its input is visually hidden). */
export async function pick(scope: Scope, group: string, option: string) {
  const radios = scope.getByRole('radiogroup', { name: group });
  await radios.locator('label', { has: pageOf(scope).getByRole('radio', { name: option, exact: true }) }).click();
  await expect(radios.getByRole('radio', { name: option, exact: true })).toBeChecked();
}

/**
 * Scrolls a windowed grid (its rows exist only while in view) from the top until `sought` is
 * rendered, and brings it into view.
 */
export async function inWindow(grid: Locator, sought: Locator): Promise<Locator> {
  // Rows still loading (or named once the directory is read) are looked for again from the top.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    // Only the part of the grid inside the window is rendered: the grid is brought to the top first.
    await grid.evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      el.scrollTo({ top: 0 });
    });
    for (let step = 0; step < 400; step++) {
      await grid.page().waitForTimeout(50);
      if (await sought.count()) {
        await sought.first().scrollIntoViewIfNeeded();
        return sought;
      }
      const atEnd = await grid.evaluate((el) => {
        const before = el.scrollTop;
        const shown = Math.min(el.clientHeight, window.innerHeight - Math.max(0, el.getBoundingClientRect().top));
        el.scrollTop += Math.max(40, shown * 0.7);
        return el.scrollTop === before;
      });
      if (atEnd) break;
    }
    await grid.page().waitForTimeout(200);
  }
  await expect(sought, 'not found in the whole of the windowed grid').not.toHaveCount(0, { timeout: 1 });
  return sought;
}

/** Ticks or unticks a checkbox by its name: a kit Checkbox through its label (its input is visually hidden). */
export async function toggle(scope: Scope, label: string, on: boolean) {
  const box = scope.getByRole('checkbox', { name: label });
  // In a windowed grid a row out of view is not rendered: scrolled to first.
  if ('page' in scope && (await scope.getAttribute('role')) === 'grid' && !(await box.count())) {
    await inWindow(scope, box);
  }
  const wrapping = scope.locator('label', { has: pageOf(scope).getByRole('checkbox', { name: label }) });
  // A click a starved browser lost (its row re-rendered between press and release) is made again;
  // one that lands late is waited for first, so the box is never ticked twice.
  await expect(async () => {
    if ((await box.isChecked()) !== on) {
      if (await wrapping.count()) await wrapping.click();
      else await box.setChecked(on);
    }
    await expect(box).toBeChecked({ checked: on, timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * A date as the wall chart names its days, in the page's locale ("Friday, March 5, 2027" in en-US,
 * "Freitag, 5. März 2027" in German): its language's, with the system's region where it speaks it.
 */
export const longDate = (page: Page, day: string) =>
  writtenDay(page, day, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** A day without its weekday, as the page writes it in its locale ("Mar 5, 2029" in en-US, "5. März 2029"). */
export const dateOf = (page: Page, day: string) =>
  writtenDay(page, day, { day: 'numeric', month: 'short', year: 'numeric' });

/** A day and its month, as the page writes it ("Mar 5" in en-US, "5. März"). */
export const dayAndMonth = (page: Page, day: string) => writtenDay(page, day, { day: 'numeric', month: 'short' });

/** A day in words, as the backend's sentences write it in the page's locale ("June 4, 2029" in en-US, "4. Juni 2029"). */
export const wordedDate = (page: Page, day: string) =>
  writtenDay(page, day, { day: 'numeric', month: 'long', year: 'numeric' });

/** A day as the page writes it: in its language, with the system's region where it speaks it (as the app's `formatLocale`). */
async function writtenDay(page: Page, day: string, options: Intl.DateTimeFormatOptions): Promise<string> {
  return page.evaluate(
    ([d, o]) => {
      const language = document.documentElement.lang.split('-')[0] || 'en';
      const same = navigator.languages.find((tag) => tag.toLowerCase().split('-')[0] === language);
      const usual: Record<string, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };
      const locale = same?.includes('-') ? same : (usual[language] ?? language);
      return new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
    },
    [day, options] as const,
  );
}

/** Signs out, keeping the data, and signs in again as someone else on the same service. */
export async function signInAs(page: Page, email: string) {
  await accountMenu(page, 'Sign out');
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Synced|Live/, { timeout: 30_000 });
}

/**
 * Steps the wall chart with Next until it shows `day`. The chart keeps the days it shows until the
 * next period's answer comes: each Next waits for them to change, or a second click could land a
 * period past the one looked for.
 */
export async function showDay(page: Page, day: string) {
  const chart = page.getByRole('grid', { name: 'Leave calendar' });
  const firstDay = chart.getByRole('columnheader').nth(1);
  for (
    let k = 0;
    k < 60 && !(await chart.getByRole('columnheader', { name: await longDate(page, day) }).count());
    k++
  ) {
    const shown = await firstDay.getAttribute('aria-label');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(firstDay).not.toHaveAttribute('aria-label', shown ?? '');
  }
  await expect(chart.getByRole('columnheader', { name: await longDate(page, day) })).toBeVisible();
}

/**
 * What a person cannot read whole: a label, header, tab, button or menu item whose text runs past its
 * own box (cut off, or spilling over what is beside it), and a page or panel that needs a sideways
 * scroll at the window's width.
 */
export async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const named = (el: Element) =>
      (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 60);
    const boxes = [
      'button, [role="tab"], [role="menuitem"], [role="option"], label, legend, h1, h2, h3, .badge',
      'th, td, [role="columnheader"], [role="rowheader"], [role="gridcell"]',
    ].join(', ');
    for (const el of document.querySelectorAll<HTMLElement>(boxes)) {
      if (!visible(el) || el.closest('.visually-hidden') || getComputedStyle(el).display === 'inline') continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()} “${named(el)}” runs past its box`);
      // A box of one height (a windowed row's cell) cuts off the lines that do not fit.
      else if (getComputedStyle(el).overflowY === 'hidden' && el.scrollHeight > el.clientHeight + 1)
        out.push(`${el.tagName.toLowerCase()} “${named(el)}” runs below its box`);
    }
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) out.push('the page scrolls sideways');
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')];
    // A dialog's own box (the overlay's panel around it) scrolls too.
    const boxesOfDialogs = dialogs.flatMap((d) => [d, ...(d.parentElement ? [d.parentElement] : [])]);
    for (const el of [...document.querySelectorAll<HTMLElement>('main *, [role="dialog"] *'), ...boxesOfDialogs]) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && visible(el) && el.scrollWidth > el.clientWidth + 1)
        out.push(`${el.tagName.toLowerCase()}.${el.className} scrolls sideways`);
    }
    return out;
  });
}
