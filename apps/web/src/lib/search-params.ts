/**
 * One search parameter read through the contract's schema for it: the value it accepts, or
 * undefined, so a hand-edited URL cannot break the page that reads it.
 */
export function readSearchParam<T>(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: T } },
  raw: string | null,
): T | undefined {
  if (raw === null || raw === "") return undefined;
  const result = schema.safeParse(raw);
  return result.success ? result.data : undefined;
}
