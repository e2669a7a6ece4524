import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeWindow, readWindowState, writeWindowState } from '../../src-main/electron/windowState';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const external = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('where the window opens', () => {
  it('where it was, on a display still there, maximized or not', () => {
    const saved = { x: 1800, y: 100, width: 1600, height: 1000, maximized: true };
    expect(placeWindow(saved, [laptop, external], laptop)).toEqual(saved);
  });

  it('on the primary display, centred, when the display it was on is gone (and no larger than it)', () => {
    const saved = { x: 1800, y: 100, width: 1600, height: 1000, maximized: false };
    expect(placeWindow(saved, [laptop], laptop)).toEqual({ x: 0, y: 0, width: 1440, height: 875, maximized: false });
  });

  it('moved back when only a sliver of its title bar is on a display', () => {
    const saved = { x: 1420, y: 200, width: 1000, height: 700, maximized: false };
    expect(placeWindow(saved, [laptop], laptop)).toEqual({ x: 220, y: 88, width: 1000, height: 700, maximized: false });
  });

  it('a first start: the default size, centred', () => {
    expect(placeWindow(null, [laptop], laptop)).toEqual({ x: 80, y: 28, width: 1280, height: 820, maximized: false });
  });

  it('is kept in a file and read back; a damaged file is no state', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hr-window-'));
    try {
      const file = join(dir, 'window.json');
      writeWindowState(file, { x: -1200, y: 40, width: 1100, height: 720, maximized: true });
      expect(readWindowState(file)).toEqual({ x: -1200, y: 40, width: 1100, height: 720, maximized: true });
      writeFileSync(file, '{"width": "wide"');
      expect(readWindowState(file)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
