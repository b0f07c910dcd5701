import { authMessages, loginCodeAlphabet, loginCodePattern } from "@cm/contracts/auth";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  followToCallback,
  readLoginCode,
  requestCode,
  startAuthorization,
  TestBrowser,
  verifyCode,
} from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { loginCodes, organizations, roles, users } from "../../db/schema.ts";
import { outboxDir, readOutbox } from "../mail/outbox.ts";
import { generateLoginCode } from "./login-code.ts";

async function addUser(
  testApp: TestApp,
  email: string,
  values: { type?: "internal" | "external"; status?: string; firstName?: string },
) {
  const { db } = testApp.database;
  const type = values.type ?? "internal";
  let [organization] = await db.select().from(organizations).where(eq(organizations.type, type));
  if (!organization)
    [organization] = await db.insert(organizations).values({ name: "Customer Co", type }).returning();
  const [role] = await db.select().from(roles);
  await db.insert(users).values({
    email,
    firstName: values.firstName ?? "Test",
    lastName: "Person",
    type,
    status: values.status ?? "active",
    organizationId: organization!.id,
    roleId: role!.id,
  });
}

function query(location: unknown) {
  const url = new URL(String(location));
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
}

describe("login codes", () => {
  let testApp: TestApp;
  let admin: string;
  let now: Date;
  let testStart = Date.now();
  /** Moves the sign-in clock (codes, rate limits) by `seconds`. */
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = testApp.config.ADMIN_EMAIL;
    await addUser(testApp, "customer@example.com", { type: "external", firstName: "Carla" });
    await addUser(testApp, "former@example.com", { status: "inactive", firstName: "Fred" });
  });
  afterAll(() => testApp?.close());
  beforeEach(() => {
    // Each test starts hours after the last one: no rate limit carries over.
    testStart += 10 * 3600_000;
    now = new Date(testStart);
    vi.spyOn(testApp.app.auth.clock, "now").mockImplementation(() => now);
  });
  afterEach(() => vi.restoreAllMocks());

  async function signInStart(email = admin) {
    const start = await startAuthorization(testApp);
    const requested = await requestCode(start.browser, email);
    return { ...start, requested, code: await readLoginCode(testApp, email) };
  }

  it("draws 6-character codes from the alphabet without look-alikes", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = generateLoginCode();
      expect(code).toMatch(loginCodePattern);
      expect(code).toMatch(/^[A-Z2-9]{6}$/);
      expect(code).not.toMatch(/[01OIL]/);
      for (const character of code) seen.add(character);
    }
    expect([...seen].sort().join("")).toBe([...loginCodeAlphabet].sort().join(""));
  });

  it("mails a code to an active staff member and greets them by first name", async () => {
    const { requested, code } = await signInStart();
    expect(requested.statusCode).toBe(303);
    expect(query(requested.headers.location)).toEqual({
      path: "/auth/code",
      params: { name: "Admin", email: admin },
    });
    expect(code).toMatch(loginCodePattern);

    const [mail] = await readOutbox(outboxDir(testApp.config.DATA_DIR));
    expect(mail).toMatchObject({ to: admin, subject: "Your Catalog Manager login code" });
    expect(mail!.text).toContain(code);
    expect(mail!.text).toContain("10 minutes");
    expect(mail!.text).toMatch(/did not ask for this code, ignore/);
    expect(mail!.html).toContain(code);
  });

  it("stores only an HMAC of the code", async () => {
    const { code } = await signInStart();
    const rows = await testApp.database.db.select().from(loginCodes);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(code);
      expect(JSON.stringify(row).toLowerCase()).not.toContain(admin);
    }
  });

  it("completes the sign-in with the right code, in any case", async () => {
    const { browser, code, state } = await signInStart();
    const verified = await verifyCode(browser, admin, code!.toLowerCase());
    expect(verified.statusCode).toBe(303);
    const callback = await followToCallback(browser, verified);
    expect(callback.origin + callback.pathname).toBe(`${testApp.config.PUBLIC_URL}/`);
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("code")).toEqual(expect.any(String));
  });

  it("sends a wrong code back to /auth/code with the error", async () => {
    const { browser, code } = await signInStart();
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const answer = await verifyCode(browser, admin, wrong);
    expect(answer.statusCode).toBe(303);
    expect(query(answer.headers.location)).toEqual({
      path: "/auth/code",
      params: { name: "Admin", email: admin, error: "invalid_code" },
    });
    // The right code still works after one wrong try.
    await followToCallback(browser, await verifyCode(browser, admin, code!));
  });

  it("refuses an expired code (valid 10 minutes)", async () => {
    const { browser, code } = await signInStart();
    advance(10 * 60 + 1);
    const answer = await verifyCode(browser, admin, code!);
    expect(query(answer.headers.location).params.error).toBe("invalid_code");
  });

  it("accepts a code just before it expires", async () => {
    const { browser, code } = await signInStart();
    advance(10 * 60 - 5);
    await followToCallback(browser, await verifyCode(browser, admin, code!));
  });

  it("lets a code work once", async () => {
    const { browser, code } = await signInStart();
    await followToCallback(browser, await verifyCode(browser, admin, code!));
    // A new sign-in in the same browser: the old code is spent (and was for another login).
    await startAuthorization(testApp, { browser });
    const reused = await verifyCode(browser, admin, code!);
    expect(query(reused.headers.location).params.error).toBe("invalid_code");
  });

  it("invalidates a code after 5 wrong tries: the 6th fails even with the right code", async () => {
    const { browser, code } = await signInStart();
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    for (let i = 0; i < 5; i++) {
      expect(query((await verifyCode(browser, admin, wrong)).headers.location).params.error).toBe(
        "invalid_code",
      );
    }
    const sixth = await verifyCode(browser, admin, code!);
    expect(query(sixth.headers.location).params.error).toBe("invalid_code");
  });

  it("accepts the right code on the 5th try", async () => {
    const { browser, code } = await signInStart();
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    for (let i = 0; i < 4; i++) await verifyCode(browser, admin, wrong);
    await followToCallback(browser, await verifyCode(browser, admin, code!));
  });

  it("replaces the previous code when a new one is requested", async () => {
    const { browser, code: first } = await signInStart();
    advance(61);
    expect((await requestCode(browser, admin)).statusCode).toBe(303);
    const second = await readLoginCode(testApp, admin);
    expect(second).not.toBe(first);
    expect(query((await verifyCode(browser, admin, first!)).headers.location).params.error).toBe(
      "invalid_code",
    );
    await followToCallback(browser, await verifyCode(browser, admin, second!));
  });

  it("binds a code to the login it was requested in", async () => {
    const { code } = await signInStart();
    const other = await startAuthorization(testApp);
    const answer = await verifyCode(other.browser, admin, code!);
    expect(query(answer.headers.location).params.error).toBe("invalid_code");
  });

  it.each([
    ["an unknown address", "nobody@example.com"],
    ["an external user", "customer@example.com"],
    ["an inactive user", "former@example.com"],
  ])("answers %s like anyone else, without a name and without a mail", async (_label, email) => {
    const before = (await readOutbox(outboxDir(testApp.config.DATA_DIR))).length;
    const start = await startAuthorization(testApp);
    const requested = await requestCode(start.browser, email);
    expect(requested.statusCode).toBe(303);
    expect(query(requested.headers.location)).toEqual({ path: "/auth/code", params: { email } });
    await testApp.app.mailer.idle();
    expect((await readOutbox(outboxDir(testApp.config.DATA_DIR))).length).toBe(before);

    // Whatever is typed next is simply incorrect.
    const answer = await verifyCode(start.browser, email, "ABCDEF");
    expect(query(answer.headers.location)).toEqual({
      path: "/auth/code",
      params: { email, error: "invalid_code" },
    });
  });

  it("explains a form post without a login in progress (page opened directly)", async () => {
    const browser = new TestBrowser(testApp.app);
    const forms: Record<string, string>[] = [
      { action: "request", email: admin },
      { action: "verify", email: admin, code: "ABCDEF" },
    ];
    for (const form of forms) {
      const answer = await browser.post("/code/authorize", form);
      expect(answer.statusCode).toBe(303);
      expect(query(answer.headers.location)).toEqual({
        path: "/auth/start",
        params: { error: "login_expired", error_description: authMessages.loginExpired },
      });
    }
    const status = await browser.get("/code/interaction");
    expect(status.json()).toEqual({ success: true, message: "OK", data: { active: false } });
    const { browser: signingIn } = await startAuthorization(testApp);
    expect((await signingIn.get("/code/interaction")).json().data).toEqual({ active: true });
  });

  it("sends bad form input back to the e-mail form with a readable message", async () => {
    const { browser } = await startAuthorization(testApp);
    const noEmail = await browser.post("/code/authorize", { action: "request", email: "" });
    expect(query(noEmail.headers.location)).toEqual({
      path: "/auth/start",
      params: { error: "invalid_request", error_description: authMessages.emailRequired },
    });
    const badEmail = await browser.post("/code/authorize", { action: "request", email: "not-an-address" });
    expect(query(badEmail.headers.location).params.error_description).toBe(authMessages.emailInvalid);
    const badAction = await browser.post("/code/authorize", { action: "guess", email: admin });
    expect(query(badAction.headers.location).params.error).toBe("invalid_request");
  });

  describe("rate limits", () => {
    it("allows one code per address per 60 seconds, answering 429 with Retry-After", async () => {
      const { browser } = await signInStart();
      advance(20);
      const refused = await requestCode(browser, admin);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("40");
      // The browser is forwarded to the code page (the first code is still good) with the message.
      const target = /http-equiv="refresh" content="0;url=([^"]+)"/
        .exec(refused.body)![1]!
        .replaceAll("&amp;", "&");
      expect(query(target)).toEqual({
        path: "/auth/code",
        params: {
          name: "Admin",
          email: admin,
          error: "rate_limited",
          error_description: authMessages.rateLimited(40),
        },
      });
      expect(refused.body).toContain(authMessages.rateLimited(40));

      advance(40);
      expect((await requestCode(browser, admin)).statusCode).toBe(303);
    });

    it("allows 5 codes per address per hour", async () => {
      const { browser } = await signInStart();
      for (let i = 2; i <= 5; i++) {
        advance(61);
        expect((await requestCode(browser, admin)).statusCode, `request ${i}`).toBe(303);
      }
      advance(61);
      const refused = await requestCode(browser, admin);
      expect(refused.statusCode).toBe(429);
      // The first request leaves the hour window 3600 s after it was made; 5 × 61 s have passed.
      expect(refused.headers["retry-after"]).toBe(String(3600 - 5 * 61));
      advance(3600 - 5 * 61);
      expect((await requestCode(browser, admin)).statusCode).toBe(303);
    });

    it("allows 30 code requests per IP per hour, across addresses", async () => {
      const { browser } = await startAuthorization(testApp);
      for (let i = 1; i <= 30; i++) {
        expect((await requestCode(browser, `person${i}@example.com`)).statusCode, `request ${i}`).toBe(303);
      }
      const refused = await requestCode(browser, "person31@example.com");
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBe(3600);
      // No code to enter for this address: back to the e-mail form with the message.
      const target = /content="0;url=([^"]+)"/.exec(refused.body)![1]!.replaceAll("&amp;", "&");
      expect(query(target).path).toBe("/auth/start");
      expect(query(target).params.error).toBe("rate_limited");

      // Another IP is not affected.
      const elsewhere = await browser.request({
        url: "/code/authorize",
        form: { action: "request", email: "person31@example.com" },
        headers: {},
      });
      expect(elsewhere.statusCode).toBe(429);
      const fromOtherIp = await testApp.app.inject({
        method: "POST",
        url: "/code/authorize",
        remoteAddress: "10.0.0.9",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        },
        payload: new URLSearchParams({ action: "request", email: "person31@example.com" }).toString(),
      });
      expect(fromOtherIp.statusCode).toBe(303);
    });

    it("answers JSON clients with a JSON 429", async () => {
      const { browser } = await signInStart();
      const refused = await browser.request({
        url: "/code/authorize",
        form: { action: "request", email: admin },
        headers: { accept: "application/json" },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("60");
      expect(refused.json()).toEqual({ success: false, message: authMessages.rateLimited(60), data: null });
    });

    it("keeps its counters in the database, shared by every instance", async () => {
      const { browser } = await signInStart();
      const { buildApp } = await import("../../app.ts");
      const other = await buildApp(testApp.config, { database: testApp.database, skipSeed: true });
      try {
        vi.spyOn(other.auth.clock, "now").mockImplementation(() => now);
        const otherBrowser = new TestBrowser(other);
        for (const [name, value] of browser.cookies) otherBrowser.cookies.set(name, value);
        expect((await requestCode(otherBrowser, admin)).statusCode).toBe(429);
      } finally {
        await other.close();
      }
    });

    it("lets every request through when LOGIN_RATE_LIMITS is off (the e2e setting)", async () => {
      const relaxed = await createTestApp({ LOGIN_RATE_LIMITS: "off" });
      try {
        for (let attempt = 0; attempt < 3; attempt++) {
          const { browser } = await startAuthorization(relaxed);
          const answer = await requestCode(browser, relaxed.config.ADMIN_EMAIL);
          expect(answer.statusCode).toBe(303);
          expect(query(answer.headers.location).path).toBe("/auth/code");
        }
      } finally {
        await relaxed.close();
      }
    });
  });
});
