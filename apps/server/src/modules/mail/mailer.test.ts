import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLoginCode, requestCode, startAuthorization } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { MailConfigError } from "./mailer.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A mail server on loopback that keeps what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const outboxRoutes = ["/dev/outbox", "/dev/outbox.json"];

describe("mail over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: "Catalog Manager <login@catalog.example>",
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it("delivers the login code mail, with text and HTML parts, to the mail server", async () => {
    const { browser } = await startAuthorization(testApp);
    expect((await requestCode(browser, testApp.config.ADMIN_EMAIL)).statusCode).toBe(303);
    await testApp.app.mailer.idle();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe("login@catalog.example");
    expect(mail!.to).toEqual([testApp.config.ADMIN_EMAIL]);
    expect(mail!.raw).toMatch(/^Subject: Your Catalog Manager login code$/m);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    const code = /^\s+([A-HJKMNP-Z2-9]{6})\s*$/m.exec(mail!.raw)?.[1];
    expect(code).toBeDefined();
    expect(mail!.raw).toContain("10 minutes");
  });

  it("has no dev outbox", async () => {
    for (const url of outboxRoutes) expect(testApp.app.hasRoute({ method: "GET", url })).toBe(false);
    expect(await readLoginCode(testApp, testApp.config.ADMIN_EMAIL)).toBeUndefined();
  });
});

describe("mail in production", () => {
  it("refuses to start without SMTP_URL", async () => {
    await expect(createTestApp({ NODE_ENV: "production" })).rejects.toBeInstanceOf(MailConfigError);
  });

  it("has no dev outbox even with an SMTP_URL", async () => {
    const testApp = await createTestApp({ NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      for (const url of outboxRoutes) expect(testApp.app.hasRoute({ method: "GET", url })).toBe(false);
    } finally {
      await testApp.close();
    }
  });
});

describe("dev outbox", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it("lists mails newest first, as JSON and as an escaped HTML page", async () => {
    const { mailer } = testApp.app;
    await mailer.send({ to: "first@example.com", subject: "First", text: "one", html: "<p>one</p>" });
    await mailer.send({
      to: "second@example.com",
      subject: "<script>alert(1)</script>",
      text: "two & <b>",
      html: "<p>two</p>",
    });

    const json = await testApp.app.inject({ method: "GET", url: "/dev/outbox.json" });
    expect(json.statusCode).toBe(200);
    const entries = json.json<Record<string, string>[]>();
    expect(entries.map((entry) => entry.to)).toEqual(["second@example.com", "first@example.com"]);
    expect(Object.keys(entries[0]!).sort()).toEqual(["sentAt", "subject", "text", "to"]);
    expect(new Date(entries[0]!.sentAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const html = await testApp.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    expect(html.body).not.toContain("<script>alert(1)</script>");
    expect(html.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html.body).toContain("two &amp; &lt;b&gt;");
    expect(html.body.indexOf("second@example.com")).toBeLessThan(html.body.indexOf("first@example.com"));
  });

  it("answers only whole mails while others are being written", async () => {
    const { mailer } = testApp.app;
    // Several MB: a file is written in chunks of 512 KB, so a reader can meet one half written.
    const text = "x".repeat(3_000_000);
    let sending = true;
    const sends = Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        mailer.send({ to: `reader${index}@example.com`, subject: `Mail ${index}`, text, html: "<p>x</p>" }),
      ),
    ).finally(() => (sending = false));
    const answers: { status: number; readers: number }[] = [];
    do {
      const response = await testApp.app.inject({ method: "GET", url: "/dev/outbox.json" });
      const entries = response.statusCode === 200 ? response.json<{ to: string; text: string }[]>() : [];
      const readers = entries.filter((entry) => entry.to.startsWith("reader"));
      expect(readers.every((entry) => entry.text === text)).toBe(true);
      answers.push({ status: response.statusCode, readers: readers.length });
    } while (sending);
    await sends;
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  });

  it("puts login codes in the outbox", async () => {
    const { browser } = await startAuthorization(testApp);
    await requestCode(browser, testApp.config.ADMIN_EMAIL);
    expect(await readLoginCode(testApp, testApp.config.ADMIN_EMAIL)).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    const [latest] = (await testApp.app.inject({ method: "GET", url: "/dev/outbox.json" })).json<
      { subject: string }[]
    >();
    expect(latest!.subject).toBe("Your Catalog Manager login code");
  });
});
