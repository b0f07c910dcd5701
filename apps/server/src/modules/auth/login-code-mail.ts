import { loginCodeValidityMinutes } from "@cm/contracts/auth";
import type { MailMessage } from "../mail/mailer.ts";
import { escapeHtml } from "../../lib/html.ts";

export const loginCodeMailSubject = "Your Catalog Manager login code";

export function loginCodeMail(to: string, firstName: string, code: string): MailMessage {
  const validity = `${loginCodeValidityMinutes} minutes`;
  const ignore = "If you did not ask for this code, ignore this e-mail: nobody can sign in without it.";
  const text = [
    `Hello ${firstName},`,
    "",
    "Your Catalog Manager login code is:",
    "",
    `    ${code}`,
    "",
    `It is valid for ${validity} and works once, in the browser window where you asked for it.`,
    "",
    ignore,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;color:#18181b">
<p>Hello ${escapeHtml(firstName)},</p>
<p>Your Catalog Manager login code is:</p>
<p style="font-family:ui-monospace,monospace;font-size:24px;font-weight:600;letter-spacing:4px">${escapeHtml(code)}</p>
<p>It is valid for ${validity} and works once, in the browser window where you asked for it.</p>
<p style="color:#52525b">${escapeHtml(ignore)}</p>
</body>
</html>`;
  return { to, subject: loginCodeMailSubject, text, html };
}
