import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { resetSeededSessionUser } from "@/testing/auth";
import { mockFetch } from "@/testing/mock-fetch";
import { installMatchMedia, setViewportWidth } from "@/testing/viewport";

installMatchMedia();

// Lazy routes compile on first use; on a busy 2-core CI machine that can take seconds, not the default 1.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks what Radix measures and positions with.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

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
