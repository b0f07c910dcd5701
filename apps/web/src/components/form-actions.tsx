import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/**
 * A form page's closing row: Cancel, a link back to `cancelHref`, and the form's submit button
 * (`children`), side by side on the right, the submit button on top on a narrow screen.
 */
export function FormActions({ cancelHref, children }: { cancelHref: string; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" asChild>
        <Link to={cancelHref}>Cancel</Link>
      </Button>
      {children}
    </div>
  );
}
