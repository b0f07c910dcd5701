import { authMessages } from "@cm/contracts/auth";
import { historySummaries } from "@cm/contracts/history";
import {
  maxPasskeysPerUser,
  passkeyChallengeValidityMinutes,
  passkeyHref,
  passkeyMessages,
  passkeyPaths,
  passkeyRequiredLoginError,
  userPasskeysHref,
  type Passkey,
  type PasskeyRegistrationOptions,
  type PasskeySignInOptions,
} from "@cm/contracts/passkeys";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  exchangeCode,
  followToCallback,
  readLoginCode,
  requestCode,
  signIn,
  skipCodeRateLimits,
  startAuthorization,
  verifyCode,
  type AuthorizationStart,
  type TestBrowser,
} from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { historyOf } from "../../../test/history.ts";
import { SoftwareAuthenticator } from "../../../test/webauthn.ts";
import {
  organizations,
  passkeys,
  roles,
  storeUsers,
  stores,
  users,
  webauthnChallenges,
} from "../../db/schema.ts";

// Browsers refuse WebAuthn on an IP address: the relying party is a host name.
const publicUrl = "http://localhost:3000";

describe("passkeys", () => {
  let testApp: TestApp;
  let admin: { authorization: string };
  let adminId: number;

  const api = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    auth: { authorization: string },
    payload?: object,
    headers: Record<string, string> = {},
  ) => testApp.app.inject({ method, url, payload, headers: { ...auth, ...headers } });

  /** A JSON request in the browser's login interaction (its cookies), as the sign-in page's fetch sends it. */
  const inInteraction = (browser: TestBrowser, url: string, payload?: object) =>
    testApp.app.inject({
      method: "POST",
      url,
      payload,
      headers: {
        accept: "application/json",
        cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      },
    });

  /** Moves the clock that challenges (and login codes) go by. */
  const advanceMinutes = (minutes: number) => {
    const { clock } = testApp.app.auth;
    const previous = clock.now.bind(clock);
    clock.now = () => new Date(previous().getTime() + minutes * 60 * 1000);
  };

  let sequence = 0;
  /** A new active staff member and their bearer headers. */
  async function addStaff(roleId?: number) {
    const { db } = testApp.database;
    const [internal] = await db.select().from(organizations).where(eq(organizations.type, "internal"));
    const [role] = roleId
      ? [{ id: roleId }]
      : await db.select().from(roles).where(eq(roles.type, "internal"));
    const email = `staff${++sequence}@example.com`;
    const [user] = await db
      .insert(users)
      .values({
        email,
        firstName: "Pat",
        lastName: `Staff${sequence}`,
        type: "internal",
        status: "active",
        organizationId: internal!.id,
        roleId: role!.id,
      })
      .returning();
    skipCodeRateLimits(testApp);
    return { id: user!.id, email, auth: await signIn(testApp, email) };
  }

  async function registrationOptions(auth: { authorization: string }) {
    const answer = await api("POST", passkeyPaths.registrationOptions, auth);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ data: PasskeyRegistrationOptions }>().data;
  }

  /** Registers a passkey of `authenticator` for the signed-in user: the options, the ceremony, the answer. */
  async function registerPasskey(
    auth: { authorization: string },
    authenticator: SoftwareAuthenticator,
    name = "Laptop",
  ) {
    const options = await registrationOptions(auth);
    const answer = await api("POST", passkeyPaths.mine, auth, {
      name,
      response: authenticator.register(options),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ data: Passkey; nextExpectedStreamVersion: number; createdNewStream: boolean }>();
  }

  async function listPasskeys(auth: { authorization: string }) {
    const answer = await api("GET", passkeyPaths.mine, auth);
    expect(answer.statusCode).toBe(200);
    return answer.json<{ data: Passkey[] }>().data;
  }

  /** The sign-in page: a login interaction, the passkey options in it. */
  async function startPasskeySignIn(): Promise<{ start: AuthorizationStart; options: PasskeySignInOptions }> {
    const start = await startAuthorization(testApp);
    const answer = await inInteraction(start.browser, passkeyPaths.signInOptions);
    expect(answer.statusCode, answer.body).toBe(200);
    return { start, options: answer.json<{ data: PasskeySignInOptions }>().data };
  }

  /** From a successful passkey verification to the tokens, the way the SPA goes on. */
  async function tokensAfter(start: AuthorizationStart, verified: LightMyRequestResponse) {
    expect(verified.statusCode, verified.body).toBe(200);
    const { redirectTo } = verified.json<{ data: { redirectTo: string } }>().data;
    const callback = await followToCallback(start.browser, await start.browser.get(redirectTo));
    return exchangeCode(testApp, start, callback);
  }

  /** The e-mailed code step for `email` in a new login interaction: the answer to the right code. */
  async function signInWithCodeOnly(email: string) {
    skipCodeRateLimits(testApp);
    const start = await startAuthorization(testApp);
    await requestCode(start.browser, email);
    const code = await readLoginCode(testApp, email);
    return { start, code: code!, answer: await verifyCode(start.browser, email, code!) };
  }

  beforeAll(async () => {
    testApp = await createTestApp({ PUBLIC_URL: publicUrl });
    const [row] = await testApp.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, testApp.config.ADMIN_EMAIL));
    adminId = row!.id;
    admin = await signIn(testApp);
  });
  afterAll(() => testApp?.close());
  beforeEach(() => skipCodeRateLimits(testApp));

  it("documents every passkey route in the OpenAPI document, with its schemas", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/docs/json" });
    const { paths } = response.json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(Object.keys(paths["/api/me/passkeys"]!).sort()).toEqual(["get", "post"]);
    expect(paths["/api/me/passkeys"]!.post!.requestBody).toBeDefined();
    expect(Object.keys(paths["/api/me/passkeys/registration-options"]!)).toEqual(["post"]);
    expect(Object.keys(paths["/api/me/passkeys/{passkeyId}"]!).sort()).toEqual(["delete", "put"]);
    expect(Object.keys(paths["/api/users/{id}/passkeys"]!)).toEqual(["delete"]);
    expect(Object.keys(paths["/code/passkey/options"]!)).toEqual(["post"]);
    expect(paths["/code/passkey/verify"]!.post!.requestBody).toBeDefined();
  });

  describe("registration", () => {
    it("offers a discoverable, user-verified passkey for PUBLIC_URL's host, then stores it by name", async () => {
      const staff = await addStaff();
      const options = await registrationOptions(staff.auth);
      expect(options.rp).toEqual({ id: "localhost", name: "Catalog Manager" });
      expect(options.user.name).toBe(staff.email);
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: "required",
        userVerification: "required",
      });
      expect(options.attestation).toBe("none");
      expect(options.excludeCredentials).toEqual([]);
      expect(options.timeout).toBe(passkeyChallengeValidityMinutes * 60 * 1000);

      const authenticator = new SoftwareAuthenticator(publicUrl);
      const response = authenticator.register(options);
      const answer = await api("POST", passkeyPaths.mine, staff.auth, { name: "  Work laptop ", response });
      expect(answer.statusCode, answer.body).toBe(201);
      const body = answer.json<{ message: string; data: Passkey; createdNewStream: boolean }>();
      expect(body.message).toBe(passkeyMessages.registered);
      expect(body.createdNewStream).toBe(true);
      expect(body.data).toMatchObject({ name: "Work laptop", lastUsedAt: null, _revision: 1 });
      expect(body.data).not.toHaveProperty("publicKey");

      expect(await listPasskeys(staff.auth)).toEqual([body.data]);
      // The next registration excludes it, so one authenticator does not hold two.
      const next = await registrationOptions(staff.auth);
      expect(next.excludeCredentials).toEqual([
        { id: response.id, type: "public-key", transports: ["internal", "hybrid"] },
      ]);
      expect(next.user.id).toBe(options.user.id);

      expect(await historyOf(testApp, "user", staff.id)).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: staff.id }),
          action: "update",
          changes: [],
          summary: historySummaries.passkeyAdded("Work laptop"),
        }),
      ]);
    });

    it("uses a challenge once: the same answer again is refused", async () => {
      const staff = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl);
      const options = await registrationOptions(staff.auth);
      const response = authenticator.register(options);
      const first = await api("POST", passkeyPaths.mine, staff.auth, { name: "Phone", response });
      expect(first.statusCode).toBe(201);
      const again = await api("POST", passkeyPaths.mine, staff.auth, { name: "Phone", response });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(passkeyMessages.challengeExpired);
      expect(await listPasskeys(staff.auth)).toHaveLength(1);
    });

    it("refuses an expired challenge, and one issued to another user", async () => {
      const staff = await addStaff();
      const other = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl);

      const expiring = await registrationOptions(staff.auth);
      advanceMinutes(passkeyChallengeValidityMinutes + 1);
      const late = await api("POST", passkeyPaths.mine, staff.auth, {
        name: "Late",
        response: authenticator.register(expiring),
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(passkeyMessages.challengeExpired);

      const othersOptions = await registrationOptions(other.auth);
      const stolen = await api("POST", passkeyPaths.mine, staff.auth, {
        name: "Stolen",
        response: authenticator.register(othersOptions),
      });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().message).toBe(passkeyMessages.challengeExpired);
      expect(await listPasskeys(staff.auth)).toEqual([]);
    });

    it("refuses an answer made for another origin or without user verification", async () => {
      const staff = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl);
      const phishing = await api("POST", passkeyPaths.mine, staff.auth, {
        name: "Phished",
        response: authenticator.register(await registrationOptions(staff.auth), {
          origin: "https://evil.example",
        }),
      });
      expect(phishing.statusCode).toBe(400);
      expect(phishing.json().message).toBe(passkeyMessages.registrationFailed);

      const unverified = await api("POST", passkeyPaths.mine, staff.auth, {
        name: "No PIN",
        response: authenticator.register(await registrationOptions(staff.auth), { unverified: true }),
      });
      expect(unverified.statusCode).toBe(400);
      expect(await listPasskeys(staff.auth)).toEqual([]);
    });

    it("validates the name and refuses a passkey already registered", async () => {
      const staff = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl);
      const blank = await api("POST", passkeyPaths.mine, staff.auth, {
        name: "  ",
        response: authenticator.register(await registrationOptions(staff.auth)),
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().data).toEqual({ name: [passkeyMessages.nameRequired] });

      const options = await registrationOptions(staff.auth);
      const response = authenticator.register(options);
      expect((await api("POST", passkeyPaths.mine, staff.auth, { name: "Key", response })).statusCode).toBe(
        201,
      );
      // The same credential offered for another account.
      const other = await addStaff();
      const duplicate = authenticator.register(await registrationOptions(other.auth), {
        reuse: authenticator.credentials.at(-1),
      });
      const answer = await api("POST", passkeyPaths.mine, other.auth, { name: "Key", response: duplicate });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(passkeyMessages.alreadyRegistered);
      expect(await listPasskeys(other.auth)).toEqual([]);
    });

    it(`allows at most ${maxPasskeysPerUser} passkeys a user`, async () => {
      const staff = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl);
      for (let index = 0; index < maxPasskeysPerUser; index++) {
        await registerPasskey(staff.auth, authenticator, `Key ${index + 1}`);
      }
      const refused = await api("POST", passkeyPaths.registrationOptions, staff.auth);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(passkeyMessages.tooMany);
    });

    it("needs a signed-in user", async () => {
      const answer = await testApp.app.inject({ method: "GET", url: passkeyPaths.mine });
      expect(answer.statusCode).toBe(401);
    });
  });

  describe("managing", () => {
    it("renames and removes the user's own passkeys, honouring revisions", async () => {
      const staff = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl);
      const { data: passkey } = await registerPasskey(staff.auth, authenticator, "Old name");

      const renamed = await api("PUT", passkeyHref(passkey.id), staff.auth, {
        name: "YubiKey",
        expectedRevision: 1,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({
        message: passkeyMessages.renamed,
        data: { id: passkey.id, name: "YubiKey", _revision: 2 },
        nextExpectedStreamVersion: 2,
      });
      const stale = await api("PUT", passkeyHref(passkey.id), staff.auth, {
        name: "Other",
        expectedRevision: 1,
      });
      expect(stale.statusCode).toBe(409);
      const tooLong = await api("PUT", passkeyHref(passkey.id), staff.auth, { name: "x".repeat(65) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().data).toEqual({ name: [passkeyMessages.nameTooLong] });

      const staleDelete = await api("DELETE", passkeyHref(passkey.id), staff.auth, undefined, {
        "if-match": "1",
      });
      expect(staleDelete.statusCode).toBe(409);
      const removed = await api("DELETE", passkeyHref(passkey.id), staff.auth, undefined, {
        "if-match": "2",
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().message).toBe(passkeyMessages.removed);
      expect(await listPasskeys(staff.auth)).toEqual([]);
      expect((await api("DELETE", passkeyHref(passkey.id), staff.auth)).statusCode).toBe(404);
      // Newest first; the refused attempts recorded nothing.
      expect(
        (await historyOf(testApp, "user", staff.id)).map((entry) => [entry.action, entry.summary]),
      ).toEqual([
        ["update", historySummaries.passkeyRemoved("YubiKey")],
        ["update", historySummaries.passkeyRenamed("Old name", "YubiKey")],
        ["update", historySummaries.passkeyAdded("Old name")],
      ]);
    });

    it("does not let a user see, rename or remove someone else's passkey", async () => {
      const owner = await addStaff();
      const other = await addStaff();
      const { data: passkey } = await registerPasskey(owner.auth, new SoftwareAuthenticator(publicUrl));
      expect(await listPasskeys(other.auth)).toEqual([]);
      const rename = await api("PUT", passkeyHref(passkey.id), other.auth, { name: "Mine now" });
      expect(rename.statusCode).toBe(404);
      expect(rename.json().message).toBe(passkeyMessages.notFound);
      expect((await api("DELETE", passkeyHref(passkey.id), other.auth)).statusCode).toBe(404);
      expect(await listPasskeys(owner.auth)).toHaveLength(1);
    });
  });

  describe("signing in", () => {
    it("completes the login interaction: the same tokens as after a login code", async () => {
      const staff = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl, { counts: true });
      const { data: passkey } = await registerPasskey(staff.auth, authenticator);

      const { start, options } = await startPasskeySignIn();
      expect(options.rpId).toBe("localhost");
      expect(options.userVerification).toBe("required");
      // Discoverable credentials: the browser offers what it holds for the site.
      expect(options.allowCredentials).toBeUndefined();

      const verified = await inInteraction(start.browser, passkeyPaths.signIn, {
        response: authenticator.assert(options),
      });
      const tokens = await tokensAfter(start, verified);
      expect(decodeJwt(tokens.access_token).sub).toBe(String(staff.id));
      // The new token works on the API like any other.
      const [used] = await listPasskeys({ authorization: `Bearer ${tokens.access_token}` });
      expect(used!.id).toBe(passkey.id);
      expect(used!.lastUsedAt).not.toBeNull();
      const [row] = await testApp.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
      expect(row!.counter).toBe(1);
    });

    it("uses a sign-in challenge once: after a failed answer the right one is refused too", async () => {
      const staff = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl);
      await registerPasskey(staff.auth, authenticator);

      const { start, options } = await startPasskeySignIn();
      const good = authenticator.assert(options);
      const signature = Buffer.from(good.response.signature, "base64url");
      signature[signature.length - 1]! ^= 0xff;
      const tampered = {
        ...good,
        response: { ...good.response, signature: signature.toString("base64url") },
      };
      const failed = await inInteraction(start.browser, passkeyPaths.signIn, { response: tampered });
      expect(failed.statusCode).toBe(400);
      expect(failed.json().message).toBe(passkeyMessages.signInFailed);

      const replayed = await inInteraction(start.browser, passkeyPaths.signIn, { response: good });
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().message).toBe(passkeyMessages.challengeExpired);

      // New options, a new challenge: now it works.
      const retry = await inInteraction(start.browser, passkeyPaths.signInOptions);
      const retried = await inInteraction(start.browser, passkeyPaths.signIn, {
        response: authenticator.assert(retry.json<{ data: PasskeySignInOptions }>().data),
      });
      await tokensAfter(start, retried);
    });

    it("refuses an expired challenge, and one issued to another login interaction", async () => {
      const staff = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl);
      await registerPasskey(staff.auth, authenticator);

      const { start, options } = await startPasskeySignIn();
      advanceMinutes(passkeyChallengeValidityMinutes + 1);
      const late = await inInteraction(start.browser, passkeyPaths.signIn, {
        response: authenticator.assert(options),
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(passkeyMessages.challengeExpired);

      const victim = await startPasskeySignIn();
      const attacker = await startAuthorization(testApp);
      const elsewhere = await inInteraction(attacker.browser, passkeyPaths.signIn, {
        response: authenticator.assert(victim.options),
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toBe(passkeyMessages.challengeExpired);
    });

    it("deletes expired challenges when it cleans up", async () => {
      await startPasskeySignIn();
      advanceMinutes(passkeyChallengeValidityMinutes + 1);
      await testApp.app.auth.passkeys.deleteExpiredChallenges();
      const left = await testApp.database.db.select().from(webauthnChallenges);
      expect(left.every((row) => row.expiresAt > testApp.app.auth.clock.now())).toBe(true);
    });

    it("answers 410 without a login interaction", async () => {
      const options = await testApp.app.inject({ method: "POST", url: passkeyPaths.signInOptions });
      expect(options.statusCode).toBe(410);
      expect(options.json().message).toBe(authMessages.loginExpired);
    });

    it("refuses an unknown passkey, one from another site, and a deactivated user's", async () => {
      const stranger = new SoftwareAuthenticator(publicUrl);
      stranger.register({
        rp: { id: "localhost", name: "Catalog Manager" },
        user: { id: "AAAA", name: "x", displayName: "x" },
        challenge: "AAAA",
        pubKeyCredParams: [],
      });
      const unknown = await startPasskeySignIn();
      const answer = await inInteraction(unknown.start.browser, passkeyPaths.signIn, {
        response: stranger.assert(unknown.options),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(passkeyMessages.unknownPasskey);

      const staff = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl);
      await registerPasskey(staff.auth, authenticator);
      const phished = await startPasskeySignIn();
      const fromElsewhere = await inInteraction(phished.start.browser, passkeyPaths.signIn, {
        response: authenticator.assert(phished.options, { origin: "https://evil.example" }),
      });
      expect(fromElsewhere.statusCode).toBe(400);
      expect(fromElsewhere.json().message).toBe(passkeyMessages.signInFailed);

      await testApp.database.db.update(users).set({ status: "inactive" }).where(eq(users.id, staff.id));
      const inactive = await startPasskeySignIn();
      const refused = await inInteraction(inactive.start.browser, passkeyPaths.signIn, {
        response: authenticator.assert(inactive.options),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(authMessages.forbidden);
    });
  });

  describe("a customer user's passkey", () => {
    it("signs a customer into the portal the same way, and stops when their organization is deactivated", async () => {
      const { db } = testApp.database;
      const [organization] = await db
        .insert(organizations)
        .values({ name: "Passkey Shoes", type: "external" })
        .returning();
      const [store] = await db
        .insert(stores)
        .values({
          organizationId: organization!.id,
          name: "Passkey Shoes Main",
          logoUrl: "/store-logo-placeholder.svg",
        })
        .returning();
      const [buyerRole] = await db.select().from(roles).where(eq(roles.name, "Buyer"));
      const email = "buyer@passkeyshoes.example";
      const [buyer] = await db
        .insert(users)
        .values({
          email,
          firstName: "Pia",
          lastName: "Buyer",
          type: "external",
          status: "active",
          organizationId: organization!.id,
          roleId: buyerRole!.id,
        })
        .returning();
      await db.insert(storeUsers).values({ storeId: store!.id, userId: buyer!.id });
      const auth = await signIn(testApp, email);
      const authenticator = new SoftwareAuthenticator(publicUrl);
      await registerPasskey(auth, authenticator, "Phone");

      const { start, options } = await startPasskeySignIn();
      const verified = await inInteraction(start.browser, passkeyPaths.signIn, {
        response: authenticator.assert(options),
      });
      const tokens = await tokensAfter(start, verified);
      expect(decodeJwt(tokens.access_token).sub).toBe(String(buyer!.id));
      const portal = await api("GET", "/api/portal/me", { authorization: `Bearer ${tokens.access_token}` });
      expect(portal.statusCode, portal.body).toBe(200);

      await db
        .update(organizations)
        .set({ status: "inactive" })
        .where(eq(organizations.id, organization!.id));
      const closed = await startPasskeySignIn();
      const refused = await inInteraction(closed.start.browser, passkeyPaths.signIn, {
        response: authenticator.assert(closed.options),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(authMessages.forbidden);
    });
  });

  describe("the login code for a user with a passkey", () => {
    it("no longer signs them in: the code step sends them to their passkey", async () => {
      const staff = await addStaff();
      // Before the passkey the code signs them in.
      const { answer, start } = await signInWithCodeOnly(staff.email);
      await exchangeCode(testApp, start, await followToCallback(start.browser, answer));

      await registerPasskey(staff.auth, new SoftwareAuthenticator(publicUrl));
      const refused = await signInWithCodeOnly(staff.email);
      expect(refused.answer.statusCode).toBe(303);
      const location = new URL(String(refused.answer.headers.location));
      expect(location.pathname).toBe("/auth/start");
      expect(Object.fromEntries(location.searchParams)).toEqual({
        error: passkeyRequiredLoginError,
        error_description: passkeyMessages.passkeyRequired,
      });
      // The code was spent: entering it again does not sign in either.
      const again = await verifyCode(refused.start.browser, staff.email, refused.code);
      expect(new URL(String(again.headers.location)).searchParams.get("error")).toBe("invalid_code");
    });

    it("signs them in again once a people manager resets their passkeys, which is recorded", async () => {
      const staff = await addStaff();
      const authenticator = new SoftwareAuthenticator(publicUrl);
      await registerPasskey(staff.auth, authenticator, "Lost phone");
      await registerPasskey(staff.auth, authenticator, "Lost key");

      const reset = await api("DELETE", userPasskeysHref(staff.id), admin);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({
        success: true,
        message: passkeyMessages.reset,
        data: { userId: staff.id, removed: 2 },
      });
      expect(await listPasskeys(staff.auth)).toEqual([]);

      const [latest] = await historyOf(testApp, "user", staff.id);
      expect(latest).toMatchObject({
        actor: { id: adminId },
        entityType: "user",
        action: "update",
        summary: historySummaries.passkeysReset(2),
      });

      const { start, answer } = await signInWithCodeOnly(staff.email);
      const tokens = await exchangeCode(testApp, start, await followToCallback(start.browser, answer));
      expect(decodeJwt(tokens.access_token).sub).toBe(String(staff.id));

      // The lost passkey no longer signs in.
      const { start: again, options } = await startPasskeySignIn();
      const lost = await inInteraction(again.browser, passkeyPaths.signIn, {
        response: authenticator.assert(options),
      });
      expect(lost.statusCode).toBe(400);
      expect(lost.json().message).toBe(passkeyMessages.unknownPasskey);
    });

    it("is refused to staff without people.manage", async () => {
      const [viewer] = await testApp.database.db
        .insert(roles)
        .values({ name: "Passkey Viewer", type: "internal", permissions: ["people.view"] })
        .returning();
      const staff = await addStaff();
      const outsider = await addStaff(viewer!.id);
      await registerPasskey(staff.auth, new SoftwareAuthenticator(publicUrl));

      const refused = await api("DELETE", userPasskeysHref(staff.id), outsider.auth);
      expect(refused.statusCode).toBe(403);
      expect(await listPasskeys(staff.auth)).toHaveLength(1);
      // Their own passkeys are theirs to manage all the same.
      expect((await api("GET", passkeyPaths.mine, outsider.auth)).statusCode).toBe(200);
    });

    it("answers 404 for an unknown user", async () => {
      const answer = await api("DELETE", userPasskeysHref(999_999), admin);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(passkeyMessages.userNotFound);
    });
  });
});
