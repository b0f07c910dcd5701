type Listener = (event: MediaQueryListEvent) => void;

const listeners = new Map<string, Set<Listener>>();

/** Evaluates the width queries the app uses, `(max-width: Npx)` and `(min-width: Npx)`, against innerWidth. */
function evaluate(query: string): boolean {
  const max = /max-width:\s*(\d+)px/.exec(query);
  const min = /min-width:\s*(\d+)px/.exec(query);
  const width = window.innerWidth;
  return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
}

/** A matchMedia that follows `setViewportWidth` (the test DOM's own does not know it). */
export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const set = listeners.get(query) ?? new Set<Listener>();
    listeners.set(query, set);
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => set.add(listener),
      removeEventListener: (_type: string, listener: Listener) => set.delete(listener),
      addListener: (listener: Listener) => set.add(listener),
      removeListener: (listener: Listener) => set.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

export function setViewportWidth(width: number): void {
  window.innerWidth = width;
  for (const [query, set] of listeners) {
    for (const listener of set) listener({ matches: evaluate(query), media: query } as MediaQueryListEvent);
  }
}
