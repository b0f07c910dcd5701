import { useSyncExternalStore } from "react";

/** Below this width the sidebar becomes a slide-over drawer (SPEC.md section 9). */
export const MOBILE_BREAKPOINT = 1024;

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(mobileQuery);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

function getSnapshot(): boolean {
  return window.matchMedia(mobileQuery).matches;
}

/** True while the viewport is narrower than the desktop layout. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
