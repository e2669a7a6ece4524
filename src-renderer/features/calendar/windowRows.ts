import { useCallback, useEffect, useRef, useState } from 'react';

export interface WindowRows {
  /** First row to render, and one past the last; everything else is a spacer. */
  start: number;
  end: number;
  /** Give as `ref` to the element whose top is the first row's top (a tbody). */
  track: (element: HTMLElement | null) => void;
}

/**
 * Rows of a fixed height near the window's view, for long lists scrolled with the page. The range
 * moves in blocks, so scrolling re-renders once per block of rows rather than on every scroll event.
 */
export function useWindowRows(count: number, rowHeight: number, overscan = 20, block = 10): WindowRows {
  const [range, setRange] = useState({ start: 0, end: overscan * 2 });
  const element = useRef<HTMLElement | null>(null);
  const update = useCallback(() => {
    const body = element.current;
    if (!body) return;
    const first = Math.floor(-body.getBoundingClientRect().top / rowHeight);
    const visible = Math.ceil(window.innerHeight / rowHeight);
    const start = Math.max(0, Math.floor((first - overscan) / block) * block);
    const end = Math.max(start, Math.ceil((first + visible + overscan) / block) * block);
    setRange((r) => (r.start === start && r.end === end ? r : { start, end }));
  }, [rowHeight, overscan, block]);
  const track = useCallback(
    (body: HTMLElement | null) => {
      element.current = body;
      update();
    },
    [update],
  );
  useEffect(() => {
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [update]);
  return { start: Math.min(range.start, count), end: Math.min(range.end, count), track };
}
