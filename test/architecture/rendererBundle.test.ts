import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The production renderer, as `npm run build` (a step of `npm test` before this one) leaves it.
const RENDERER = join(__dirname, '..', '..', 'out', 'renderer');
/** What the window parses before it can show anything: the entry chunk, minified. */
const MAIN_CHUNK_BUDGET = 900 * 1024;
/** Words only date-holidays' tables hold (Corpus Christi and Epiphany in German). */
const HOLIDAY_TABLE_WORDS = ['Fronleichnam', 'Heilige Drei Könige'];

function entryChunk(): string {
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="\.?\/?([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no module script');
  return join(RENDERER, src);
}

describe('the renderer bundle', () => {
  it('is built (npm run build)', () => {
    expect(existsSync(join(RENDERER, 'index.html'))).toBe(true);
  });

  it('keeps its entry chunk minified and under its budget', () => {
    const file = entryChunk();
    const size = statSync(file).size;
    expect(size).toBeLessThan(MAIN_CHUNK_BUDGET);
    const text = readFileSync(file, 'utf8');
    // Minified: a few very long lines, not one statement per line.
    expect(text.length / text.split('\n').length).toBeGreaterThan(2000);
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

  it("loads the form editor's styles with the editor, not at start", () => {
    const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
    const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\.?\/?([^"]+)"/g)].map((m) => m[1]!);
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) {
      const css = readFileSync(join(RENDERER, sheet), 'utf8');
      expect(css).toContain('.view-head');
      expect(css).not.toContain('.forms-question-card');
    }
  });

  it('the words it looks for are in the holiday tables', () => {
    const tables = readFileSync(
      join(__dirname, '..', '..', 'node_modules', 'date-holidays', 'lib', 'data.cjs'),
      'utf8',
    );
    for (const word of HOLIDAY_TABLE_WORDS) expect(tables).toContain(word);
  });
});
