import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'danger' | 'warn' | 'quiet' | 'link';
}

/** A button: pressed by mouse, touch, Enter or Space; `isPending` keeps its place while work runs. */
export function Button({ variant, className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={['button', variant, className].filter(Boolean).join(' ')} />;
}
