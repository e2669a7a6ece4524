import type { ButtonHTMLAttributes, KeyboardEvent, SyntheticEvent } from 'react';
// From the component's own entry, not the package's index (which names every component): the
// sign-in page loads this part of the kit at start, and only what it names comes with it.
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components/Button';

export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'danger' | 'warn' | 'quiet' | 'link';
}

/** A button: pressed by mouse, touch, Enter or Space; `isPending` keeps its place while work runs. */
export function Button({ variant, className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={['button', variant, className].filter(Boolean).join(' ')} />;
}

const stop = (e: SyntheticEvent) => e.stopPropagation();
const stopPressKeys = (e: KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === ' ') e.stopPropagation();
};

/**
 * A button in the rows of a windowed grid: the kit's look on the browser's own button, without
 * react-aria's hooks per button (a list's rows in view re-render together, three buttons each). Its
 * presses stop at it, so the row does not take them as ticking it; arrows still move through the grid.
 */
export function GridButton({
  onPress,
  className,
  ...props
}: Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onClick' | 'type' | 'onPointerDown' | 'onPointerUp' | 'onMouseDown' | 'onKeyDown' | 'onKeyUp'
> & { onPress: () => void }) {
  return (
    <button
      {...props}
      type="button"
      className={['button', 'native', className].filter(Boolean).join(' ')}
      onPointerDown={stop}
      onPointerUp={stop}
      onMouseDown={stop}
      onKeyDown={stopPressKeys}
      onKeyUp={stopPressKeys}
      onClick={(e) => {
        e.stopPropagation();
        onPress();
      }}
    />
  );
}
