import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../../env.ts";
import { outboxDir, writeToOutbox } from "./outbox.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** "outbox" writes mails under DATA_DIR (development); "smtp" delivers them. */
  readonly kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background: the caller answers without waiting for the mail server, so how long
   * delivery takes tells nothing about the request. Failures are logged.
   */
  sendLater(message: MailMessage): void;
  /** Resolves when every mail handed to `sendLater` so far is sent or has failed. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export class MailConfigError extends Error {}

export type MailConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM" | "NODE_ENV" | "DATA_DIR">;

/** With SMTP_URL, real mail; without it, the dev outbox, which production refuses. */
export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  let deliver: (message: MailMessage) => Promise<void>;
  let closeTransport = () => {};
  let kind: Mailer["kind"];

  if (config.SMTP_URL) {
    kind = "smtp";
    const transport = nodemailer.createTransport(config.SMTP_URL);
    deliver = async (message) => {
      await transport.sendMail({ from: config.MAIL_FROM, ...message });
    };
    closeTransport = () => transport.close();
  } else {
    if (config.NODE_ENV === "production") {
      // Without a mail server nobody could receive a login code, and the outbox would expose them.
      throw new MailConfigError("SMTP_URL must be set when NODE_ENV=production");
    }
    kind = "outbox";
    const dir = outboxDir(config.DATA_DIR);
    deliver = async (message) => {
      await writeToOutbox(dir, message, new Date());
    };
  }

  const pending = new Set<Promise<void>>();

  return {
    kind,
    async send(message) {
      await deliver(message);
      log.info({ to: message.to, subject: message.subject, via: kind }, "mail sent");
    },
    sendLater(message) {
      // Started on the next turn of the event loop, after the caller's response is on its way.
      const sending = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => this.send(message))
        .catch((error: unknown) => {
          log.error({ err: error, to: message.to, subject: message.subject }, "mail could not be sent");
        });
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async close() {
      await this.idle();
      closeTransport();
    },
  };
}
