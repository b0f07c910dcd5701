import { toast as sonnerToast } from "sonner";
import { requestToaster } from "@/lib/toaster-signal";

type Toast = typeof sonnerToast;

/**
 * sonner's `toast`, as the screens use it: each call first has the frame mount the Toaster
 * (lib/toaster-signal.ts). The methods are looked up on sonner's `toast` when called, so a test's
 * `vi.spyOn(toast, "error")` on sonner's object still sees every call.
 */
const methods = Object.fromEntries(
  Object.keys(sonnerToast).map((name) => [
    name,
    (...args: unknown[]) => {
      requestToaster();
      return (sonnerToast as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!(...args);
    },
  ]),
);

export const toast: Toast = Object.assign((...args: Parameters<Toast>) => {
  requestToaster();
  return sonnerToast(...args);
}, methods) as unknown as Toast;
