import type * as React from "react";
import { DisabledReason } from "@/components/disabled-reason";

export const notAvailableYet = "Not available yet";

/** Wraps a disabled control that an issue to come makes real (DESIGN.md section 8). */
export function NotAvailableYet({ children }: { children: React.ReactNode }) {
  return <DisabledReason reason={notAvailableYet}>{children}</DisabledReason>;
}
