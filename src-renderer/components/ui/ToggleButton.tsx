import { ToggleButton as AriaToggleButton, type ToggleButtonProps } from 'react-aria-components';

/** A button that stays pressed or not (aria-pressed): "Show as table". */
export function ToggleButton({ className, ...props }: ToggleButtonProps) {
  return <AriaToggleButton {...props} className={['button', 'toggle', className].filter(Boolean).join(' ')} />;
}
