import { noImageText } from "@cm/contracts/line-list-format";
import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";

/** Served by the app itself: the Content-Security-Policy allows images from our origin only. */
export const itemImagePlaceholder = "/item-image-placeholder.svg";

/**
 * Origins whose images the Content-Security-Policy refused. Workbooks link pictures on the
 * brand's servers; the policy allows them over https only, so after the first refused plain-http
 * picture the other rows of a large table show the placeholder at once instead of each failing again.
 */
const blockedImageOrigins = new Set<string>();
if (typeof document !== "undefined") {
  document.addEventListener("securitypolicyviolation", (event) => {
    if (!event.effectiveDirective.startsWith("img-src")) return;
    try {
      blockedImageOrigins.add(new URL(event.blockedURI).origin);
    } catch {
      // Not a URL (e.g. "inline"): nothing to remember.
    }
  });
}

function isBlockedOrigin(url: string): boolean {
  try {
    return blockedImageOrigins.has(new URL(url, window.location.href).origin);
  } catch {
    return false;
  }
}

/** The picture to show for a style's image URLs: the first one, unless there is none or it says "No Image". */
function itemImageSource(imageUrls: readonly string[] | null | undefined): string | undefined {
  const first = imageUrls?.[0]?.trim();
  if (!first || first.toLowerCase().startsWith(noImageText.toLowerCase())) return undefined;
  return isBlockedOrigin(first) ? undefined : first;
}

/**
 * How long a row must stay on screen before its picture is asked for. Scrolling through a long
 * table mounts and unmounts rows many times a second; a picture asked for by each of them, from a
 * host that does not answer, queued thousands of requests that held back the pictures (and the
 * page) that came next.
 */
export const itemImageStartDelayMs = 150;

/**
 * A style's picture on a light grey tile, keeping its aspect ratio; the placeholder when there is
 * none or it fails to load (e.g. a remote URL the Content-Security-Policy blocks). The picture is
 * asked for once the tile has been shown for `itemImageStartDelayMs`, and a load still running
 * when the tile goes (its row scrolled away) is cancelled.
 */
export function ItemImage({
  imageUrls,
  alt,
  className,
}: {
  imageUrls: readonly string[] | null | undefined;
  alt: string;
  className?: string;
}) {
  const source = itemImageSource(imageUrls);
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const [started, setStarted] = useState<string | undefined>(undefined);
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    if (!source) return;
    const timer = setTimeout(() => setStarted(source), itemImageStartDelayMs);
    return () => clearTimeout(timer);
  }, [source]);

  useEffect(() => {
    const element = image.current;
    // A detached image without a source: the browser drops a request it still has in flight.
    return () => element?.removeAttribute("src");
  }, []);

  const shown = !source || failed === source ? itemImagePlaceholder : started === source ? source : undefined;
  return (
    <img
      ref={image}
      src={shown}
      alt={shown === itemImagePlaceholder ? "" : alt}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(source)}
      // text-transparent: no half-drawn alt text in the tile while a remote picture loads.
      // Invisible until asked for: Chromium draws a broken-image icon in an image without a source.
      className={cn(
        "aspect-square rounded-md bg-muted object-contain text-transparent [&:not([src])]:invisible",
        className,
      )}
    />
  );
}
