import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Styles are scoped by one naming scheme: a feature's stylesheets name only classes that begin with
// the feature's name (the frame's with "frame-"), and only the kit's sheet names the kit's classes;
// a feature that wants a kit look asks the kit for it (a variant, a modifier the kit defines).

const RENDERER = join(__dirname, '..', '..', 'src-renderer');
const KIT_SHEETS = ['components/ui/ui.css', 'styles.css'];

function sheets(dir = RENDERER): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sheets(path);
    return name.endsWith('.css') ? [relative(RENDERER, path)] : [];
  });
}

/** The classes each selector of a stylesheet's text names. */
function selectorClasses(css: string): { selector: string; classes: string[] }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{/g)]
    .map((m) => m[1]!.trim())
    .filter((selector) => !selector.startsWith('@') && !/^(from|to|\d+%)$/.test(selector))
    .map((selector) => ({ selector, classes: [...selector.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((c) => c[1]!) }));
}

const read = (sheet: string) => readFileSync(join(RENDERER, sheet), 'utf8');

/** The prefix a sheet's classes carry: its feature's name, or "frame" for the app's frame. */
function prefixOf(sheet: string): string | null {
  if (sheet.startsWith('app/')) return 'frame';
  const feature = /^features\/([^/]+)\//.exec(sheet)?.[1];
  return feature ?? null;
}

const kitClasses = new Set(KIT_SHEETS.flatMap((s) => selectorClasses(read(s)).flatMap((x) => x.classes)));

/** The selectors of a sheet that name a class not its owner's, or one of the kit's. */
function strays(css: string, prefix: string): string[] {
  return selectorClasses(css)
    .filter(({ classes }) => classes.some((c) => kitClasses.has(c) || (c !== prefix && !c.startsWith(`${prefix}-`))))
    .map(({ selector }) => selector);
}

describe('stylesheets', () => {
  const scoped = sheets().filter((s) => !KIT_SHEETS.includes(s));

  it('are the kit and one per feature (and the frame)', () => {
    expect(scoped.length).toBeGreaterThan(8);
    for (const sheet of scoped) expect(prefixOf(sheet), sheet).not.toBeNull();
  });

  it("name only their feature's classes, never the kit's", () => {
    expect(scoped.flatMap((sheet) => strays(read(sheet), prefixOf(sheet)!).map((x) => `${sheet}: ${x}`))).toEqual([]);
  });

  it('the check finds a global name and a kit class restyled', () => {
    const css = `.calendar-wall { color: red; }
      .top { margin: 0; }
      .calendar-legend .button:hover { color: blue; }
      @media (max-width: 600px) { .calendar-wall-row { height: 1px; } }`;
    expect(strays(css, 'calendar')).toEqual(['.top', '.calendar-legend .button:hover']);
  });
});
