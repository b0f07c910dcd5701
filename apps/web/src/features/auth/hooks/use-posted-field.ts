import { useState } from "react";

/**
 * The one field of a sign-in form that the browser posts itself (no form library on the sign-in
 * pages, docs/performance.md, "Light pages"): its value, the contracts' rule's message once the
 * field was checked, and `accept`, which checks a value and leaves its normalized form in the
 * field for the post.
 */
export function usePostedField({
  name,
  defaultValue = "",
  problemOf,
  normalize,
}: {
  /** The field's name in the form, as the browser posts it. */
  name: string;
  defaultValue?: string;
  /** The rule from contracts: the message for a value, or undefined when it is valid. */
  problemOf: (value: string) => string | undefined;
  normalize: (value: string) => string;
}) {
  const [value, setValue] = useState(defaultValue);
  const [checked, setChecked] = useState(false);
  const problem = problemOf(value);

  /**
   * Checks `candidate` (the field's value unless given) and leaves its normalized form in `form`'s
   * field, which is what the browser posts: the normalized value, or undefined when it is invalid.
   */
  function accept(form: HTMLFormElement, candidate = value): string | undefined {
    setChecked(true);
    if (problemOf(candidate)) return undefined;
    const normalized = normalize(candidate);
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement) input.value = normalized;
    return normalized;
  }

  return {
    name,
    problem,
    error: checked ? problem : undefined,
    /** A new value; `check` says its problem at once instead of on the next `accept`. */
    change(next: string, { check = false } = {}) {
      setValue(next);
      if (check) setChecked(true);
    },
    accept,
  };
}
