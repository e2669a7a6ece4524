import type { ReactElement, ReactNode } from 'react';
import { OverlayArrow, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';

/** A short hint on hover or keyboard focus of its trigger (a kit Button). */
export function Tooltip({ text, children }: { text: ReactNode; children: ReactElement }) {
  return (
    <TooltipTrigger delay={500}>
      {children}
      <AriaTooltip className="tooltip" offset={6}>
        <OverlayArrow>
          <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {text}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
