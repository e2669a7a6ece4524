import type { ReactNode } from 'react';
import { Dialog as AriaDialog, DialogTrigger, Popover } from 'react-aria-components';
import { defineMessage, useIntl } from 'react-intl';
import { Button } from './Button';

const BUTTON = defineMessage<{ label: string; summary: string }>({
  id: 'ui.filterPopover.button',
  defaultMessage: '{label}: {summary}',
});

/** A filter too big for the toolbar: a button saying what is chosen, opening its controls beside it. */
export function FilterPopover({ label, summary, children }: { label: string; summary: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <DialogTrigger>
      <Button className="filter-button">{intl.formatMessage(BUTTON, { label, summary })}</Button>
      <Popover className="popover filter-popover" placement="bottom start">
        <AriaDialog aria-label={label} className="filter-dialog">
          {children}
        </AriaDialog>
      </Popover>
    </DialogTrigger>
  );
}
