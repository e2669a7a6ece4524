import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaProps } from 'react-aria-components';
import { PARTLY, TICK } from './marks';

/** A checkbox with its label beside it (none for a table's selection box, named by its row). */
export function Checkbox({ children, className, ...props }: Omit<AriaProps, 'children'> & { children?: ReactNode }) {
  return (
    <AriaCheckbox {...props} className={['checkbox', className].filter(Boolean).join(' ')}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className="box" aria-hidden="true">
            {isIndeterminate ? PARTLY : isSelected ? TICK : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
