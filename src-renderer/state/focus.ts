// Where focus goes when what held it is gone, so the keyboard never starts again from the page's top.

/** Focus on the first field shown in error inside `container` (a form), so the keyboard starts there. */
export function focusFirstError(container: HTMLElement | null) {
  requestAnimationFrame(() => {
    const field = container?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid] input, [data-invalid] textarea, [data-invalid] [role="spinbutton"], [data-invalid] button',
    );
    field?.focus();
  });
}

/**
 * Focus on what `find` answers once a closing dialog has given focus back to its opener (react-aria
 * restores it a frame after the dialog goes): for when that opener is gone or no longer the place.
 */
export function focusAfterDialog(find: () => HTMLElement | null | undefined) {
  requestAnimationFrame(() => requestAnimationFrame(() => find()?.focus()));
}
