import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the window was and how big, and whether it was maximized, when it last closed. */
export interface WindowState extends Partial<Pick<Area, 'x' | 'y'>> {
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_WINDOW: WindowState = { width: 1280, height: 820, maximized: false };
export const MIN_WINDOW = { width: 900, height: 600 };
/** How much of the title bar must lie on a display for the window to be reachable there. */
const GRIP = { width: 120, height: 32 };

const overlap = (a: Area, b: Area) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/**
 * The saved place, if its title bar is still on a display (a laptop undocked from its second
 * screen would otherwise open the window where nobody can reach it); else the saved size,
 * centred on the primary display. Never larger than the display it lands on.
 */
export function placeWindow(saved: WindowState | null, displays: readonly Area[], primary: Area): WindowState {
  const state = saved ?? DEFAULT_WINDOW;
  const fit = (area: Area) => ({
    width: Math.max(MIN_WINDOW.width, Math.min(state.width, area.width)),
    height: Math.max(MIN_WINDOW.height, Math.min(state.height, area.height)),
  });
  if (state.x !== undefined && state.y !== undefined) {
    const grip = { x: state.x + 8, y: state.y, width: GRIP.width, height: GRIP.height };
    const home = displays.find((d) => overlap(grip, d) >= (GRIP.width * GRIP.height) / 2);
    if (home) return { x: state.x, y: state.y, ...fit(home), maximized: state.maximized };
  }
  const size = fit(primary);
  return {
    x: Math.round(primary.x + (primary.width - size.width) / 2),
    y: Math.round(primary.y + (primary.height - size.height) / 2),
    ...size,
    maximized: state.maximized,
  };
}

export function readWindowState(file: string): WindowState | null {
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<WindowState>;
    const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
    if (!num(s.width) || !num(s.height)) return null;
    return {
      ...(num(s.x) && num(s.y) ? { x: s.x, y: s.y } : {}),
      width: s.width!,
      height: s.height!,
      maximized: s.maximized === true,
    };
  } catch {
    return null;
  }
}

export function writeWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(state)}\n`);
}
