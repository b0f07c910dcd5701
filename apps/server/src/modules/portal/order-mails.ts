import { orderStatusLabels, orderTypeLabels, type Order } from "@cm/contracts/orders";
import { portalOrderMessages } from "@cm/contracts/portal-orders";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { escapeHtml } from "../../lib/html.ts";

/**
 * The portal's order mails (docs/portal.md "E-mails"): a confirmation of each order placed in the
 * portal, to the buyer and the store's main contact, and a message on each status change staff
 * make, to the customer who placed the order and the store's main contact. They are handed to
 * `mailer.sendLater` once the write has committed, so a mail never tells of a write rolled back.
 */

interface Recipient {
  id: number;
  email: string;
  firstName: string;
  type: string;
}

/** The active users among the order's placing user and its store's main contact, each once. */
async function findRecipients(
  db: DbExecutor,
  order: Order,
): Promise<{ placedBy?: Recipient; mainContact?: Recipient }> {
  const rows = rowsOf<Recipient & { role: "placedBy" | "mainContact" }>(
    await db.execute(sql`
      select u.id, u.email, u.first_name as "firstName", u.type, 'placedBy' as role
      from users u where u.id = ${order.placedBy?.id ?? null} and u.status = 'active'
      union all
      select u.id, u.email, u.first_name as "firstName", u.type, 'mainContact' as role
      from stores s join users u on u.id = s.main_contact_user_id
      where s.id = ${order.storeId} and u.status = 'active'
    `),
  );
  return {
    placedBy: rows.find((row) => row.role === "placedBy"),
    mainContact: rows.find((row) => row.role === "mainContact"),
  };
}

function lineText(line: Order["lines"][number]): string {
  const style = [line.style.modelCode, line.style.name, line.style.color].filter(Boolean).join(" · ");
  return `- ${style}, size ${line.size}: ${line.quantity} × ${line.unitWhs} = ${line.lineTotal}`;
}

function linesHtml(order: Order): string {
  const cell = (value: string, align = "left") =>
    `<td style="padding:4px 8px;border-bottom:1px solid #e4e4e7;text-align:${align}">${escapeHtml(value)}</td>`;
  const head = ["Model code", "Name", "Colour", "Size", "Quantity", "Unit WHS", "Line total"]
    .map(
      (label, index) =>
        `<th style="padding:4px 8px;text-align:${index >= 4 ? "right" : "left"}">${label}</th>`,
    )
    .join("");
  const rows = order.lines
    .map(
      (line) =>
        `<tr>${cell(line.style.modelCode)}${cell(line.style.name ?? "")}${cell(line.style.color ?? "")}${cell(line.size)}${cell(String(line.quantity), "right")}${cell(line.unitWhs, "right")}${cell(line.lineTotal, "right")}</tr>`,
    )
    .join("\n");
  return `<table style="border-collapse:collapse;font-size:13px">
<thead><tr>${head}</tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function page(firstName: string, paragraphs: string[], table: string): string {
  return `<!doctype html>
<html lang="en">
<body style="font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;color:#18181b">
<p>Hello ${escapeHtml(firstName)},</p>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join("\n")}
${table}
</body>
</html>`;
}

function summary(order: Order): string[] {
  return [
    `Order ${order.number} for ${order.storeName} (${order.organizationName})`,
    `Order type: ${orderTypeLabels[order.orderType]} · Status: ${orderStatusLabels[order.status]}`,
  ];
}

function totals(order: Order): string {
  return `Total: ${order.units} ${order.units === 1 ? "unit" : "units"}, ${order.totalWhs} WHS`;
}

/** The confirmation of an order placed in the portal, for one recipient. */
export function orderConfirmationMail(order: Order, to: { email: string; firstName: string }): MailMessage {
  const intro = `We received order ${order.number}. It is Pending until we process it.`;
  const text = [
    `Hello ${to.firstName},`,
    "",
    intro,
    "",
    ...summary(order),
    "",
    ...order.lines.map(lineText),
    "",
    totals(order),
  ].join("\n");
  const html = page(
    to.firstName,
    [intro, ...summary(order)],
    `${linesHtml(order)}\n<p>${escapeHtml(totals(order))}</p>`,
  );
  return { to: to.email, subject: portalOrderMessages.confirmationSubject(order.number), text, html };
}

/** The message of a status change, for one recipient. */
export function orderStatusMail(order: Order, to: { email: string; firstName: string }): MailMessage {
  const status = orderStatusLabels[order.status];
  const intro = `Order ${order.number} for ${order.storeName} is now ${status}.`;
  const text = [`Hello ${to.firstName},`, "", intro, "", ...summary(order), "", totals(order)].join("\n");
  const html = page(to.firstName, [intro, ...summary(order), totals(order)], "");
  return { to: to.email, subject: portalOrderMessages.statusSubject(order.number, status), text, html };
}

/** Sends (after the caller's commit) the confirmation of each order to its buyer and its store's main contact. */
export async function sendOrderConfirmations(
  db: DbExecutor,
  mailer: Mailer,
  orders: readonly Order[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const order of orders) {
    try {
      const { placedBy, mainContact } = await findRecipients(db, order);
      for (const recipient of distinct([placedBy, mainContact]))
        mailer.sendLater(orderConfirmationMail(order, recipient));
    } catch (error) {
      // The order is placed: a mail that cannot be prepared is logged, never the request's failure.
      log.error({ err: error, orderId: order.id }, "order confirmation mail failed");
    }
  }
}

/** Sends (after the caller's commit) the status message of a change staff made. */
export async function sendOrderStatusMails(
  db: DbExecutor,
  mailer: Mailer,
  order: Order,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const { placedBy, mainContact } = await findRecipients(db, order);
    const customer = placedBy?.type === "external" ? placedBy : undefined;
    for (const recipient of distinct([customer, mainContact]))
      mailer.sendLater(orderStatusMail(order, recipient));
  } catch (error) {
    log.error({ err: error, orderId: order.id }, "order status mail failed");
  }
}

function distinct(recipients: readonly (Recipient | undefined)[]): Recipient[] {
  const seen = new Set<number>();
  return recipients.filter((recipient): recipient is Recipient => {
    if (!recipient || seen.has(recipient.id)) return false;
    seen.add(recipient.id);
    return true;
  });
}
