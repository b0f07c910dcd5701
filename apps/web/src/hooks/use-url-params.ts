import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";

/** A change to a list's URL: each named parameter set, or left out when undefined or empty. */
export type UrlParamsPatch<Name extends string> = Partial<Record<Name, string | number | undefined>>;

/**
 * A list's filters, search, sort and page kept in the URL's query, so a filtered view can be
 * shared. `read` turns the query into the list's params (each through its contract schema; keep
 * it a module-level function); `defaults` names the values left out of the URL (page "1", a
 * default sort; module-level too, as `update` changes with it). Any change but a page change goes
 * back to the first page.
 */
export function useUrlParams<T, Name extends string>(
  read: (search: URLSearchParams) => T,
  defaults: Partial<Record<Name, string>>,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => read(searchParams), [read, searchParams]);

  // React Router's functional update reads the URL of the last render: two changes within one
  // render (Clear filters, two fields at once) would lose the first. The latest URL asked for is
  // kept here until the router catches up.
  const requested = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    requested.current = null;
  }, [searchParams]);

  const update = useCallback(
    (patch: UrlParamsPatch<Name>, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(requested.current ?? searchParams);
      for (const [name, value] of Object.entries<string | number | undefined>(patch)) {
        const text = value === undefined ? "" : String(value).trim();
        if (text === "" || defaults[name as Name] === text) next.delete(name);
        else next.set(name, text);
      }
      if (!("page" in patch)) next.delete("page");
      requested.current = next;
      setSearchParams(next, { replace: options.replace });
    },
    [defaults, searchParams, setSearchParams],
  );

  return { params, update, searchParams };
}
