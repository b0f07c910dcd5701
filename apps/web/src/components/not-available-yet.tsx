import type * as React from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

export const notAvailableYet = "Not available yet";

/**
 * Wraps a disabled control that an issue to come makes real (DESIGN.md section 8): a disabled
 * button gets no pointer or focus events, so the wrapper is what shows the tooltip.
 */
export function NotAvailableYet({ children }: { children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {children}
        </span>
      </TooltipTrigger>
      <TooltipContent>{notAvailableYet}</TooltipContent>
    </Tooltip>
  );
}
