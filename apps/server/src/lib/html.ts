/**
 * Text made safe inside HTML (an element's content or a quoted attribute): the mails, the dev
 * outbox and the sign-in pages all write names, codes and messages with it. Six characters of
 * escaping, kept here rather than as a dependency (escape-html ships no types).
 */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
