import { ConstructionIcon } from "lucide-react";
import type * as React from "react";

const APP_NAME = "Catalog Manager";

/**
 * Stands in for a screen until the issue that builds it is done: the screen's title and a line
 * that says so.
 */
export function PlaceholderPage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>{`${title} · ${APP_NAME}`}</title>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <div className="flex items-start gap-3 rounded-lg border border-dashed bg-muted/40 p-4 text-muted-foreground">
        <ConstructionIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>This screen arrives with a later issue.</p>
      </div>
      {children}
    </section>
  );
}
