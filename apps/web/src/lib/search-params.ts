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

/**
 * `message` when a list's from and to dates (ISO, so they compare as text) make a range that ends
 * before it starts, else undefined: such a range is not asked for, and the filters say why.
 */
export function invertedRangeError(from: string | undefined, to: string | undefined, message: string) {
  return from !== undefined && to !== undefined && from > to ? message : undefined;
}
