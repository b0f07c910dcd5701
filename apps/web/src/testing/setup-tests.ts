import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import * as React from "react";
import { toast } from "@/lib/toast";
import { afterAll, afterEach, beforeEach, vi } from "vitest";
import { resetSeededSessionUser } from "@/testing/auth";
import { mockFetch } from "@/testing/mock-fetch";
import { installMatchMedia, setViewportWidth } from "@/testing/viewport";

installMatchMedia();

// React's development build records where each element was created, an Error and its stack, for
// the owner stacks of its warnings: up to 10,000 elements a render, counted in its internals. No
// test reads them, and capturing a stack costs 5-15 µs on the 2-core machine: the web project
// took 98-99 CPU-seconds without them against 117-118 with (53-54 s against 63 s). React has no
// switch for it, so the counter is held at its limit; React's warnings still come, naming no owner.
const reactInternals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(reactInternals, "recentlyCreatedOwnerStacks", {
  configurable: true,
  get: () => 10_000,
  set: () => undefined,
});

// Lazy routes compile on first use; on a busy 2-core CI machine that can take seconds, not the default 1.
configure({ asyncUtilTimeout: 10_000 });

// happy-dom runs an animation frame's callback on the event loop's next turn (setImmediate), before
// a render React has scheduled from the same task; a browser runs it at the next frame, 60 times a
// second. The order grid waits a frame for its refused cells to render before focusing the first.
const frame = 1000 / 60;
window.requestAnimationFrame = (callback) =>
  window.setTimeout(() => callback(performance.now()), frame - (performance.now() % frame));
window.cancelAnimationFrame = (id) => window.clearTimeout(id);

beforeEach(() => {
  setViewportWidth(1440);
  // No test reaches a server: every call answers 404 unless the test says otherwise.
  mockFetch({});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // No session or sign-in state leaks from one test into the next.
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSeededSessionUser();
  document.cookie = "sidebar_state=; path=/; max-age=0";
});

// The test files of a worker share its happy-dom window and its modules (isolate: false in
// vitest.config.ts), which spares a new worker, window and module graph per file. Each file still
// starts as it would in a worker of its own: our modules are evaluated again (their module-level
// state, such as the auth client, the API client's handlers or the landing's running sign-ins, and
// the modules that imported what a file's `vi.mock` replaced), no toast of the last file is
// replayed to the next file's Toaster, and the body holds nothing a library appended to it
// (recharts' measuring span).
afterAll(() => {
  toast.dismiss();
  document.body.replaceChildren();
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  vi.resetModules();
});
