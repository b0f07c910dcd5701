import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { readOutbox, type OutboxEntry } from "./outbox.ts";
import { escapeHtml } from "../../lib/html.ts";

export const outboxJsonEntrySchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});

function renderOutbox(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (entry) => `<article>
  <header><strong>${escapeHtml(entry.subject)}</strong><br>
  To: ${escapeHtml(entry.to)} · <time datetime="${escapeHtml(entry.sentAt)}">${escapeHtml(entry.sentAt)}</time></header>
  <pre>${escapeHtml(entry.text)}</pre>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox · Catalog Manager</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:48rem;padding:0 1rem;color:#18181b}
article{border:1px solid #e4e4e7;border-radius:8px;padding:1rem;margin:0 0 1rem}
pre{white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace;margin:.75rem 0 0}
p{color:#52525b}
</style>
</head>
<body>
<h1>Dev outbox</h1>
<p>Mails the server would have sent, newest first. This page exists only while no SMTP_URL is set, outside production.</p>
${items || "<p>No mails yet.</p>"}
</body>
</html>`;
}

/** `GET /dev/outbox` (HTML) and `GET /dev/outbox.json`: the development mailbox. */
export function outboxRoutes(dir: string) {
  return async function outbox(app: FastifyInstance): Promise<void> {
    app.get(
      "/dev/outbox.json",
      {
        config: { permission: "public" },
        schema: {
          summary: "Mails in the development outbox, newest first",
          tags: ["development"],
          response: { 200: z.array(outboxJsonEntrySchema) },
        },
      },
      async (_request, reply) => {
        const entries = await readOutbox(dir);
        reply.header("cache-control", "no-store");
        return entries.map(({ to, subject, text, sentAt }) => ({ to, subject, text, sentAt }));
      },
    );

    app.get(
      "/dev/outbox",
      { config: { permission: "public" }, schema: { hide: true } },
      async (_request, reply) => {
        const entries = await readOutbox(dir);
        return reply
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(renderOutbox(entries));
      },
    );
  };
}
