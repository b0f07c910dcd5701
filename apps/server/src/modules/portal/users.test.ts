import { portalMessages } from "@cm/contracts/portal";
import { portalUserMessages, type PortalUser, type PortalUsers } from "@cm/contracts/portal-users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { organizations, roles, storeUsers, stores, users } from "../../db/schema.ts";
import { outboxDir, readOutbox } from "../mail/outbox.ts";

/**
 * Colleagues (issue 34 "Who", docs/portal.md): a customer user with portal.users.manage lists,
 * invites, deactivates and reactivates the users of their own organization, never another's.
 */
describe("portal colleagues", () => {
  let testApp: TestApp;
  let manager: { authorization: string };
  let buyer: { authorization: string };
  const ids = { orgA: 0, storeA1: 0, storeA2: 0, closedStoreA: 0, storeB: 0, manager: 0, buyer: 0, userB: 0 };
  const ids2 = { buyerRole: 0, viewerRole: 0, managerRole: 0, staffRole: 0 };

  const api = (method: "GET" | "POST", url: string, headers: { authorization: string }, body?: object) =>
    testApp.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body }) });

  async function addUser(email: string, organizationId: number, roleId: number, storeIds: number[]) {
    const { db } = testApp.database;
    const [user] = await db
      .insert(users)
      .values({
        email,
        firstName: "Pat",
        lastName: email.split("@")[0]!,
        type: "external",
        organizationId,
        roleId,
      })
      .returning();
    await db.insert(storeUsers).values(storeIds.map((storeId) => ({ storeId, userId: user!.id })));
    return user!.id;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const allRoles = await db.select().from(roles);
    ids2.buyerRole = allRoles.find((role) => role.name === "Buyer" && role.type === "external")!.id;
    ids2.viewerRole = allRoles.find((role) => role.name === "Store Viewer")!.id;
    ids2.staffRole = allRoles.find((role) => role.name === "Admin" && role.type === "internal")!.id;
    const [managerRole] = await db
      .insert(roles)
      .values({
        name: "Head Buyer",
        type: "external",
        permissions: ["portal.catalogs.view", "portal.orders.manage", "portal.users.manage"],
      })
      .returning();
    ids2.managerRole = managerRole!.id;
    const [orgA, orgB] = await db
      .insert(organizations)
      .values([
        { name: "Alpha Shoes", type: "external" },
        { name: "Bravo Boots", type: "external" },
      ])
      .returning();
    ids.orgA = orgA!.id;
    const logoUrl = "/store-logo-placeholder.svg";
    const [a1, a2, closed, b] = await db
      .insert(stores)
      .values([
        { organizationId: orgA!.id, name: "Alpha Downtown", logoUrl },
        { organizationId: orgA!.id, name: "Alpha Uptown", logoUrl },
        { organizationId: orgA!.id, name: "Alpha Closed", logoUrl, status: "inactive" },
        { organizationId: orgB!.id, name: "Bravo Main", logoUrl },
      ])
      .returning();
    Object.assign(ids, { storeA1: a1!.id, storeA2: a2!.id, closedStoreA: closed!.id, storeB: b!.id });
    ids.manager = await addUser("head@alpha.example", orgA!.id, ids2.managerRole, [a1!.id]);
    ids.buyer = await addUser("buyer@alpha.example", orgA!.id, ids2.buyerRole, [a1!.id, a2!.id]);
    ids.userB = await addUser("buyer@bravo.example", orgB!.id, ids2.buyerRole, [b!.id]);
    manager = await signIn(testApp, "head@alpha.example");
    buyer = await signIn(testApp, "buyer@alpha.example");
  });
  afterAll(() => testApp?.close());

  it("lists the organization's users with role and stores, the customer roles and the active stores", async () => {
    const response = await api("GET", "/api/portal/users", manager);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as PortalUsers;
    expect(data.users.map((user) => user.email).sort()).toEqual([
      "buyer@alpha.example",
      "head@alpha.example",
    ]);
    const listedBuyer = data.users.find((user) => user.id === ids.buyer)!;
    expect(listedBuyer.role).toEqual({ id: ids2.buyerRole, name: "Buyer" });
    expect(listedBuyer.stores.map((store) => store.name)).toEqual(["Alpha Downtown", "Alpha Uptown"]);
    expect(data.stores.map((store) => store.name)).toEqual(["Alpha Downtown", "Alpha Uptown"]);
    expect(data.roles.map((role) => role.name)).toEqual(expect.arrayContaining(["Buyer", "Store Viewer"]));
    expect(data.roles.map((role) => role.name)).not.toContain("Admin");
    expect(response.body).not.toContain("Bravo");
  });

  it("answers 403 to a Buyer without portal.users.manage", async () => {
    expect((await api("GET", "/api/portal/users", buyer)).statusCode).toBe(403);
    const invite = await api("POST", "/api/portal/users", buyer, {
      email: "nope@alpha.example",
      firstName: "No",
      lastName: "Pe",
      storeIds: [ids.storeA1],
    });
    expect(invite.statusCode).toBe(403);
  });

  it("invites a colleague who can sign in with the mailed code: Buyer by default, linked to the stores, the link mailed", async () => {
    const response = await api("POST", "/api/portal/users", manager, {
      email: "New.Colleague@Alpha.example",
      firstName: "Nia",
      lastName: "Newcomer",
      storeIds: [ids.storeA2],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(portalUserMessages.invited);
    const invited = response.json().data as PortalUser;
    expect(invited).toMatchObject({
      email: "new.colleague@alpha.example",
      status: "active",
      role: { id: ids2.buyerRole, name: "Buyer" },
      stores: [{ id: ids.storeA2, name: "Alpha Uptown" }],
    });
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, invited.id));
    expect(row).toMatchObject({ type: "external", organizationId: ids.orgA });
    const history = await historyOf(testApp, "user", invited.id);
    expect(history.map((entry) => [entry.action, entry.actor?.id])).toEqual([["create", ids.manager]]);

    await testApp.app.mailer.idle();
    const mail = (await readOutbox(outboxDir(testApp.config.DATA_DIR))).find(
      (entry) => entry.to === "new.colleague@alpha.example",
    );
    expect(mail?.subject).toBe(portalUserMessages.inviteSubject("Alpha Shoes"));
    expect(mail?.text).toContain(`${testApp.app.auth.settings.origin}/`);
    expect(mail?.text).toContain("Nia");

    const headers = await signIn(testApp, "new.colleague@alpha.example");
    const me = await api("GET", "/api/portal/me", headers);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.stores).toEqual([{ id: ids.storeA2, name: "Alpha Uptown", cartUnits: 0 }]);
    expect(me.json().data.organization.name).toBe("Alpha Shoes");
  });

  it("gives the role asked for when it is an active customer role, and refuses a staff role", async () => {
    const viewer = await api("POST", "/api/portal/users", manager, {
      email: "viewer@alpha.example",
      firstName: "Vic",
      lastName: "Viewer",
      roleId: ids2.viewerRole,
      storeIds: [ids.storeA1, ids.storeA2],
    });
    expect(viewer.statusCode).toBe(201);
    expect(viewer.json().data.role).toEqual({ id: ids2.viewerRole, name: "Store Viewer" });
    const staff = await api("POST", "/api/portal/users", manager, {
      email: "sneaky@alpha.example",
      firstName: "Sne",
      lastName: "Aky",
      roleId: ids2.staffRole,
      storeIds: [ids.storeA1],
    });
    expect(staff.statusCode).toBe(404);
    expect(staff.json().message).toBe(portalUserMessages.roleNotFound);
  });

  it("refuses another organization's store, an inactive store, no store and an address in use", async () => {
    const invite = (email: string, storeIds: number[]) =>
      api("POST", "/api/portal/users", manager, { email, firstName: "Ada", lastName: "Lovelace", storeIds });
    const other = await invite("ada@alpha.example", [ids.storeA1, ids.storeB]);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, message: portalUserMessages.storeNotFound, data: null });
    expect((await invite("ada@alpha.example", [ids.closedStoreA])).statusCode).toBe(404);
    const none = await invite("ada@alpha.example", []);
    expect(none.statusCode).toBe(400);
    const taken = await invite("BUYER@bravo.example", [ids.storeA1]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(portalUserMessages.emailTaken);
    const [count] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, "ada@alpha.example"));
    expect(count).toBeUndefined();
  });

  it("answers 404 for another organization's user, 400 for oneself", async () => {
    const other = await api("POST", `/api/portal/users/${ids.userB}/deactivate`, manager, { revision: 1 });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(portalUserMessages.notFound);
    // Even with a revision that is not theirs: nothing tells the user exists.
    const stale = await api("POST", `/api/portal/users/${ids.userB}/deactivate`, manager, { revision: 99 });
    expect(stale.statusCode).toBe(404);
    const self = await api("POST", `/api/portal/users/${ids.manager}/deactivate`, manager, { revision: 1 });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(portalUserMessages.notYourself);
    const [userB] = await testApp.database.db.select().from(users).where(eq(users.id, ids.userB));
    expect(userB!.status).toBe("active");
  });

  it("deactivates a colleague, who is locked out at the next request, and reactivates them", async () => {
    const buyerHeaders = await signIn(testApp, "buyer@alpha.example", { fresh: true });
    expect((await api("GET", "/api/portal/me", buyerHeaders)).statusCode).toBe(200);
    const [before] = await testApp.database.db.select().from(users).where(eq(users.id, ids.buyer));
    const off = await api("POST", `/api/portal/users/${ids.buyer}/deactivate`, manager, {
      revision: before!.revision,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(portalUserMessages.deactivated);
    expect(off.json().data.status).toBe("inactive");
    const lockedOut = await api("GET", "/api/portal/me", buyerHeaders);
    expect(lockedOut.statusCode).toBe(403);
    expect(lockedOut.json().message).not.toBe(portalMessages.me);

    const stale = await api("POST", `/api/portal/users/${ids.buyer}/reactivate`, manager, {
      revision: before!.revision,
    });
    expect(stale.statusCode).toBe(409);
    const on = await api("POST", `/api/portal/users/${ids.buyer}/reactivate`, manager, {
      revision: off.json().data._revision,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.status).toBe("active");
    expect((await api("GET", "/api/portal/me", buyerHeaders)).statusCode).toBe(200);
    const history = await historyOf(testApp, "user", ids.buyer);
    expect(history.map((entry) => entry.action)).toEqual(["status", "status"]);
  });
});
