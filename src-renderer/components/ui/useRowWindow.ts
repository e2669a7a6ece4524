import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Rows drawn beyond the visible part, each way, once the first paint is done. */
const OVERSCAN = 12;
/** The drawn rows move a few at a time: small renders often keep frames shorter than big ones rarely. */
const BLOCK = 3;

/**
 * Which rows of a long list of fixed-height rows are drawn: those in view of `scroller` (put on the
 * box that scrolls them by itself) and a few around them. New rows paint first with only what is in
 * view; the rows around follow a moment later. The box is moved by `reveal` and `revealSideways`.
 */
export function useRowWindow<E extends HTMLElement>(rowHeight: number, rows: unknown) {
  const scroller = useRef<E>(null);
  const [range, setRange] = useState({ first: 0, last: 0 });
  const measure = useCallback(
    (overscan = OVERSCAN) => {
      const el = scroller.current;
      if (!el) return;
      const top = Math.floor(el.scrollTop / rowHeight);
      const visible = Math.ceil(el.clientHeight / rowHeight);
      const first = Math.max(0, Math.floor((top - overscan) / BLOCK) * BLOCK);
      const last = Math.ceil((top + visible + overscan) / BLOCK) * BLOCK;
      setRange((r) => (r.first === first && r.last === last ? r : { first, last }));
    },
    [rowHeight],
  );
  useLayoutEffect(() => {
    measure(0);
    const later = setTimeout(() => measure(), 80);
    return () => clearTimeout(later);
  }, [measure, rows]);
  /** Scrolls row `index` into view, below `head` pixels of sticky heading. */
  const reveal = (index: number, head = 0) => {
    const el = scroller.current;
    if (!el) return;
    const top = index * rowHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (head + top + rowHeight > el.scrollTop + el.clientHeight) {
      el.scrollTop = head + top + rowHeight - el.clientHeight;
    }
    measure();
  };
  /** Scrolls `child` into view sideways, right of `inset` pixels of sticky first column unless `first`. */
  const revealSideways = (child: HTMLElement, inset: number, first: boolean) => {
    const el = scroller.current;
    if (!el) return;
    if (!first && child.offsetLeft < el.scrollLeft + inset) el.scrollLeft = child.offsetLeft - inset;
    else if (child.offsetLeft + child.offsetWidth > el.scrollLeft + el.clientWidth) {
      el.scrollLeft = child.offsetLeft + child.offsetWidth - el.clientWidth;
    }
  };
  return { scroller, range, measure, reveal, revealSideways };
}
