import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "@/lib/api-client";

/**
 * Marks the fields the server named in a 400/409 answer (`data` maps dotted paths such as
 * `stores.1.name` to messages), so the user sees what to fix where they typed it. Returns how
 * many fields were marked; paths outside the form (`prefix` strips what the form does not hold)
 * are left to the toast.
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  options: { prefix?: string; accept?: (path: string) => boolean } = {},
): number {
  if (!isApiError(error) || typeof error.data !== "object" || error.data === null) return 0;
  let marked = 0;
  for (const [rawPath, messages] of Object.entries(error.data as Record<string, unknown>)) {
    const message = Array.isArray(messages) ? messages.find((item) => typeof item === "string") : undefined;
    if (!message) continue;
    let path = rawPath;
    if (options.prefix) {
      if (!path.startsWith(`${options.prefix}.`)) continue;
      path = path.slice(options.prefix.length + 1);
    }
    if (options.accept && !options.accept(path)) continue;
    setError(path as Path<TValues>, { type: "server", message }, { shouldFocus: marked === 0 });
    marked += 1;
  }
  return marked;
}
