import { FileSpreadsheetIcon, FootprintsIcon, LayersIcon, SendIcon } from "lucide-react";
import type * as React from "react";

const highlights = [
  {
    icon: FileSpreadsheetIcon,
    text: "Upload a brand's line list and see what is new or changed before saving it.",
  },
  { icon: LayersIcon, text: "Sort every style into the athletic, boutique and crocs catalogs." },
  { icon: SendIcon, text: "Publish catalogs to your customers when they are ready." },
] as const;

function ProductMark({ className }: { className?: string }) {
  return (
    <span className={className}>
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <FootprintsIcon aria-hidden="true" className="size-4" />
      </span>
      <span className="text-base font-semibold">Catalog Manager</span>
    </span>
  );
}

/**
 * The sign-in pages' frame: a marketing panel beside the form on wide screens, the product name
 * above the form on narrow ones.
 */
export function AuthLayout({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <title>{`${title} · Catalog Manager`}</title>
      <aside
        aria-label="About Catalog Manager"
        className="hidden flex-col justify-between gap-10 bg-zinc-950 p-10 text-zinc-50 lg:flex"
      >
        <ProductMark className="flex items-center gap-2" />
        <div className="flex max-w-md flex-col gap-6">
          <p className="text-3xl leading-tight font-semibold tracking-tight text-balance">
            From line list to published catalog, in one place.
          </p>
          <ul className="flex flex-col gap-4 text-zinc-300">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3">
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-md bg-zinc-800 text-zinc-100">
                  <Icon aria-hidden="true" className="size-3.5" />
                </span>
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-zinc-400">
          For the distributor's staff. Sign in with your work e-mail address.
        </p>
      </aside>
      <main className="flex flex-col items-center justify-start gap-8 px-6 pt-16 pb-10 sm:justify-center sm:py-10">
        <ProductMark className="flex items-center gap-2 self-center lg:hidden" />
        <div className="flex w-full max-w-sm flex-col gap-6">{children}</div>
      </main>
    </div>
  );
}

/** A sign-in page's heading and the line under it. */
export function AuthHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children ? <p className="text-muted-foreground">{children}</p> : null}
    </div>
  );
}
