import { useState } from "react";
import type * as React from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/**
 * Says why the control inside is disabled: on hover, on keyboard focus, and on a tap or click, so a
 * touch screen (which has no hover) shows it too; a tap elsewhere or Escape hides it. A disabled
 * button gets no pointer or focus events, so the wrapper is what shows the tooltip and takes the
 * focus.
 */
export function DisabledReason({ reason, children }: { reason: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          className="inline-flex cursor-not-allowed rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          onClick={(event) => {
            // The tooltip would close on a click; a tap is how a touch screen asks for the reason.
            event.preventDefault();
            setOpen(true);
          }}
        >
          {children}
        </span>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}
