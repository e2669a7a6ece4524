import type { ReactNode } from 'react';
import { Dialog as AriaDialog, DialogTrigger, Popover } from 'react-aria-components';
import { Button } from './Button';

/** A filter too big for the toolbar: a button saying what is chosen, opening its controls beside it. */
export function FilterPopover({ label, summary, children }: { label: string; summary: string; children: ReactNode }) {
  return (
    <DialogTrigger>
      <Button className="filter-button">
        {label}: {summary}
      </Button>
      <Popover className="popover filter-popover" placement="bottom start">
        <AriaDialog aria-label={label} className="filter-dialog">
          {children}
        </AriaDialog>
      </Popover>
    </DialogTrigger>
  );
}
