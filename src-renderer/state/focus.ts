// Where focus goes when what held it is gone, so the keyboard never starts again from the page's top.

const IN_ERROR =
  '[aria-invalid="true"], [data-invalid] input, [data-invalid] textarea, [data-invalid] [role="spinbutton"], [data-invalid] button';

/**
 * Focus on the first field shown in error inside `container` (a form), so the keyboard starts there:
 * as soon as the refusal is drawn (a few frames at most).
 */
export function focusFirstError(container: HTMLElement | null, frames = 10) {
  requestAnimationFrame(() => {
    const field = container?.querySelector<HTMLElement>(IN_ERROR);
    if (field) field.focus();
    else if (frames > 1) focusFirstError(container, frames - 1);
  });
}

/**
 * Focus on what `find` answers once a closing dialog has given focus back to its opener (react-aria
 * restores it a frame after the dialog goes): for when that opener is gone or no longer the place.
 * `onlyIfLost`: only when the focus found nowhere to go back to (it is on the page's body), so a
 * user who has moved on meanwhile keeps their place.
 */
export function focusAfterDialog(find: () => HTMLElement | null | undefined, { onlyIfLost = false } = {}) {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost || !onlyIfLost) find()?.focus();
    }),
  );
}
