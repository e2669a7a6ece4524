import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The production renderer, as `npm run build` (a step of `npm test` before this one) leaves it.
const RENDERER = join(__dirname, '..', '..', 'out', 'renderer');
/** What the window parses before it can show anything (the entry chunk and those it imports), minified. */
const START_BUDGET = 350 * 1024;
/** Class names react-aria-components gives the widgets only signed-in views use. */
const VIEW_WIDGETS = ['react-aria-DatePicker', 'react-aria-Table', 'react-aria-ComboBox'];
/** Words only date-holidays' tables hold (Corpus Christi and Epiphany in German). */
const HOLIDAY_TABLE_WORDS = ['Fronleichnam', 'Heilige Drei Könige'];

function entryChunk(): string {
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="\.?\/?([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no module script');
  return join(RENDERER, src);
}

/** The entry chunk and the chunks the page loads with it (modulepreload): all parsed at start. */
function startChunks(): string[] {
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\.?\/?([^"]+)"/g)].map((m) =>
    join(RENDERER, m[1]!),
  );
  return [entryChunk(), ...preloaded];
}

describe('the renderer bundle', () => {
  it('is built (npm run build)', () => {
    expect(existsSync(join(RENDERER, 'index.html'))).toBe(true);
  });

  it('keeps what it parses at start minified, under its budget, and without the signed-in frame or its widgets', () => {
    const chunks = startChunks();
    expect(chunks.length).toBeGreaterThan(1);
    const size = chunks.reduce((sum, file) => sum + statSync(file).size, 0);
    expect(size).toBeLessThan(START_BUDGET);
    const text = readFileSync(entryChunk(), 'utf8');
    // Minified: a few very long lines, not one statement per line.
    expect(text.length / text.split('\n').length).toBeGreaterThan(2000);
    // The frame (and the views) come in chunks of their own, after the sign-in page or with the account
    // (its class names are in its code; its words are in the English catalog, which comes at start).
    for (const file of chunks) expect(readFileSync(file, 'utf8')).not.toContain('frame-skip-link');
    // Nor the views' widgets: the kit's index and react-aria-components' would bring them all.
    for (const file of chunks) {
      const text = readFileSync(file, 'utf8');
      for (const widget of VIEW_WIDGETS) expect(text.includes(widget), `${widget} in ${file}`).toBe(false);
    }
  });

  it('holds no holiday tables in any chunk (the backend counts working days)', () => {
    const assets = join(RENDERER, 'assets');
    const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      const text = readFileSync(join(assets, chunk), 'utf8');
      for (const word of HOLIDAY_TABLE_WORDS) expect(text.includes(word), `${word} in ${chunk}`).toBe(false);
    }
  });

  it("loads the form editor's styles with the editor, not at start (only the sign-in page's and the base)", () => {
    const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
    const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\.?\/?([^"]+)"/g)].map((m) => m[1]!);
    expect(sheets.length).toBeGreaterThan(0);
    const css = sheets.map((sheet) => readFileSync(join(RENDERER, sheet), 'utf8')).join('\n');
    expect(css).toContain('.session-sign-in');
    expect(css).not.toContain('.forms-question-card');
  });

  it('the words it looks for are in the holiday tables', () => {
    const tables = readFileSync(
      join(__dirname, '..', '..', 'node_modules', 'date-holidays', 'lib', 'data.cjs'),
      'utf8',
    );
    for (const word of HOLIDAY_TABLE_WORDS) expect(tables).toContain(word);
  });
});
