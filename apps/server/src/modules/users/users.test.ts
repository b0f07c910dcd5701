import { adminRoleName } from "@cm/contracts/roles";
import { permissionMessages } from "@cm/contracts/permissions";
import { userMessages } from "@cm/contracts/users";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  readLoginCode,
  requestCode,
  signIn,
  skipCodeRateLimits,
  startAuthorization,
} from "../../../test/auth.ts";
import { historyOf, historyRowCount } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { historyEntries, organizations, roles, users } from "../../db/schema.ts";
import { outboxDir, readOutbox } from "../mail/outbox.ts";

describe("users API", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let adminId: number;
  let internalOrganizationId: number;
  let adminRoleId: number;
  let customerId: number;
  let buyerRoleId: number;
  let salesRoleId: number;
  let viewerRoleId: number;

  const api = (
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => testApp.app.inject({ method, url, payload, headers: { ...auth, ...headers } });

  const createWithMembership = (body: Record<string, unknown>) =>
    api("POST", "/api/users/create-with-organization-membership", body);

  const userRow = async (id: number) => {
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, id));
    return row;
  };

  /** What the history keeps for machines about a user's entries, oldest first (never shown). */
  const historyDetails = async (id: number) =>
    (
      await testApp.database.db
        .select({ details: historyEntries.data })
        .from(historyEntries)
        .where(and(eq(historyEntries.entityType, "user"), eq(historyEntries.entityId, String(id))))
        .orderBy(historyEntries.id)
    ).map((row) => row.details);

  let sequence = 0;
  /** A fresh, valid external user payload. */
  const customerUser = (overrides: Record<string, unknown> = {}) => ({
    email: `buyer${++sequence}@customer.example`,
    firstName: "Bianca",
    lastName: "Buyer",
    organizationId: customerId,
    userType: "external",
    roleId: buyerRoleId,
    ...overrides,
  });

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const [internal] = await db.select().from(organizations).where(eq(organizations.type, "internal"));
    const [adminRole] = await db.select().from(roles).where(eq(roles.name, adminRoleName));
    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    internalOrganizationId = internal!.id;
    adminRoleId = adminRole!.id;
    adminId = admin!.id;
    // Customers and their roles come with later screens; the rows are enough here.
    const [customer] = await db
      .insert(organizations)
      .values({ name: "Sole Mates", type: "external" })
      .returning();
    customerId = customer!.id;
    // The seed's customer role (issue 34).
    const [buyer] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.name, "Buyer"), eq(roles.type, "external")));
    buyerRoleId = buyer!.id;
    const [sales] = await db.select().from(roles).where(eq(roles.name, "Sales"));
    const [viewer] = await db.select().from(roles).where(eq(roles.name, "Viewer"));
    salesRoleId = sales!.id;
    viewerRoleId = viewer!.id;
    auth = await signIn(testApp);
  });
  afterAll(() => testApp?.close());

  describe("reading", () => {
    it("needs a signed-in user", async () => {
      for (const url of ["/api/users", "/api/users/with-memberships", `/api/users/1`]) {
        const response = await testApp.app.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(401);
      }
    });

    it("lists users with their revision, and `limit` caps the list", async () => {
      await createWithMembership(customerUser());
      const all = await api("GET", "/api/users");
      expect(all.statusCode).toBe(200);
      const body = all.json();
      expect(body).toMatchObject({ success: true, message: "OK" });
      expect(body.data.length).toBeGreaterThanOrEqual(2);
      expect(body.data).toContainEqual(
        expect.objectContaining({
          id: adminId,
          email: testApp.config.ADMIN_EMAIL,
          type: "internal",
          status: "active",
          organizationId: internalOrganizationId,
          roleId: adminRoleId,
          _revision: 1,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        }),
      );
      expect(body.data[0]).not.toHaveProperty("revision");

      const limited = await api("GET", "/api/users?limit=1");
      expect(limited.json().data).toHaveLength(1);
      const withMemberships = await api("GET", "/api/users/with-memberships?limit=1");
      expect(withMemberships.json().data).toHaveLength(1);
    });

    it("refuses a limit that is not a positive number", async () => {
      for (const limit of ["0", "-1", "many", "100000"]) {
        const response = await api("GET", `/api/users?limit=${limit}`);
        expect(response.statusCode, limit).toBe(400);
        expect(response.json().message).toBe("Wrong Input");
      }
    });

    it("gives each user with their membership: the organization they belong to", async () => {
      const created = (await createWithMembership(customerUser())).json().data;
      const list = (await api("GET", "/api/users/with-memberships")).json().data;
      const admin = list.find((user: { id: number }) => user.id === adminId);
      expect(admin.organizationMemberships).toEqual([
        { organization: { id: internalOrganizationId, name: testApp.config.COMPANY_NAME, type: "internal" } },
      ]);

      const one = await api("GET", `/api/users/with-memberships/${created.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toMatchObject({
        id: created.id,
        organizationMemberships: [{ organization: { id: customerId, name: "Sole Mates", type: "external" } }],
      });
    });

    it('reads one user, and says "User not found" for an unknown id', async () => {
      const one = await api("GET", `/api/users/${adminId}`);
      expect(one.json()).toMatchObject({ success: true, data: { id: adminId, firstName: "Admin" } });

      for (const url of ["/api/users/987654", "/api/users/with-memberships/987654"]) {
        const missing = await api("GET", url);
        expect(missing.statusCode, url).toBe(404);
        expect(missing.json()).toEqual({ success: false, message: "User not found", data: null });
      }
    });

    it("answers an id that cannot exist as bad input, not a server error", async () => {
      for (const id of ["abc", "0", "99999999999"]) {
        const response = await api("GET", `/api/users/${id}`);
        expect(response.statusCode, id).toBe(400);
        expect(response.json().message).toBe("Wrong Input");
      }
    });
  });

  describe("creating", () => {
    it("creates an external user in a customer organization, with the write envelope", async () => {
      const payload = customerUser({ email: "  Carla.Customer@Customer.example ", firstName: " Carla " });
      const response = await createWithMembership(payload);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        message: "User created successfully",
        nextExpectedStreamVersion: 1,
        createdNewStream: true,
        data: {
          email: "Carla.Customer@Customer.example",
          firstName: "Carla",
          lastName: "Buyer",
          type: "external",
          status: "active",
          organizationId: customerId,
          roleId: buyerRoleId,
          _revision: 1,
        },
      });
      expect(await historyOf(testApp, "user", body.data.id)).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: adminId }),
          action: "create",
          entityLabel: "Carla Buyer",
          changes: expect.arrayContaining([
            { field: "email", before: null, after: "Carla.Customer@Customer.example" },
            { field: "roleId", before: null, after: buyerRoleId },
          ]),
        }),
      ]);
    });

    it("puts internal users in the internal organization whatever the request says, with the staff role given", async () => {
      const response = await createWithMembership({
        email: "sam.staff@catalog.example",
        firstName: "Sam",
        lastName: "Staffer",
        userType: "internal",
        organizationId: customerId,
        roleId: salesRoleId,
      });
      expect(response.statusCode).toBe(201);
      const created = response.json().data;
      expect(created).toMatchObject({
        type: "internal",
        organizationId: internalOrganizationId,
        roleId: salesRoleId,
      });
      expect(await userRow(created.id)).toMatchObject({
        organizationId: internalOrganizationId,
        roleId: salesRoleId,
      });
      const [creation] = await historyOf(testApp, "user", created.id);
      expect(creation!.changes).toContainEqual({
        field: "organizationId",
        before: null,
        after: internalOrganizationId,
      });
      expect(await historyDetails(created.id)).toEqual([
        { requested: { organizationId: customerId, roleId: salesRoleId } },
      ]);
    });

    it("gives staff only an active staff role (SPEC.md's Admin-only rule is gone)", async () => {
      const [inactive] = await testApp.database.db
        .insert(roles)
        .values({ name: "Retired Staff Role", type: "internal", status: "inactive" })
        .returning();
      for (const roleId of [buyerRoleId, inactive!.id]) {
        const response = await api("POST", "/api/users", {
          email: `tina.team.${roleId}@catalog.example`,
          firstName: "Tina",
          lastName: "Teamer",
          type: "internal",
          organizationId: 987654,
          roleId,
        });
        expect(response.statusCode, String(roleId)).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          message: userMessages.staffRoleRequired,
          data: { roleId: [userMessages.staffRoleRequired] },
        });
      }
      const unknown = await api("POST", "/api/users", {
        email: "tina.team@catalog.example",
        firstName: "Tina",
        lastName: "Teamer",
        type: "internal",
        organizationId: 987654,
        roleId: 987654,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(userMessages.roleNotFound);
      const response = await api("POST", "/api/users", {
        email: "tina.team@catalog.example",
        firstName: "Tina",
        lastName: "Teamer",
        type: "internal",
        organizationId: 987654,
        roleId: adminRoleId,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        type: "internal",
        status: "active",
        organizationId: internalOrganizationId,
        roleId: adminRoleId,
      });
    });

    it("keeps external users out of the internal organization, and creates nothing", async () => {
      const before = await testApp.database.db.$count(users);
      const response = await createWithMembership(customerUser({ organizationId: internalOrganizationId }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: "External users cannot join the internal organization",
        data: { organizationId: ["External users cannot join the internal organization"] },
      });
      expect(await testApp.database.db.$count(users)).toBe(before);
    });

    it("says which reference does not exist", async () => {
      const unknownOrganization = await createWithMembership(customerUser({ organizationId: 987654 }));
      expect(unknownOrganization.statusCode).toBe(404);
      expect(unknownOrganization.json().message).toBe("Organization not found");

      const unknownRole = await createWithMembership(customerUser({ roleId: 987654 }));
      expect(unknownRole.statusCode).toBe(404);
      expect(unknownRole.json().message).toBe("Role not found");
    });

    it("refuses an e-mail address already used, in any letter case, with 409", async () => {
      const before = await testApp.database.db.$count(users);
      for (const email of ["ADMIN@example.com", " admin@EXAMPLE.com"]) {
        const response = await createWithMembership(customerUser({ email }));
        expect(response.statusCode, email).toBe(409);
        expect(response.json()).toEqual({
          success: false,
          message: "A user with this email address already exists",
          data: null,
        });
      }
      const internal = await api("POST", "/api/users", {
        email: "Admin@Example.com",
        firstName: "Other",
        lastName: "Admin",
        type: "internal",
        organizationId: internalOrganizationId,
        roleId: adminRoleId,
      });
      expect(internal.statusCode).toBe(409);
      expect(await testApp.database.db.$count(users)).toBe(before);
    });

    it("lets only one of two simultaneous creations with the same address win", async () => {
      const payload = customerUser({ email: "twice@customer.example" });
      const statuses = (
        await Promise.all([
          createWithMembership(payload),
          createWithMembership({ ...payload, email: "TWICE@customer.example" }),
        ])
      )
        .map((response) => response.statusCode)
        .sort();
      expect(statuses).toEqual([201, 409]);
    });

    it.each([
      ["a first name under 3 characters", { firstName: "Al" }, "firstName", userMessages.firstNameTooShort],
      [
        "a last name of spaces around 2 letters",
        { lastName: "  Li  " },
        "lastName",
        userMessages.lastNameTooShort,
      ],
      ["no first name", { firstName: undefined }, "firstName", userMessages.firstNameRequired],
      ["a blank last name", { lastName: "   " }, "lastName", userMessages.lastNameRequired],
      ["an invalid e-mail", { email: "not-an-address" }, "email", userMessages.emailInvalid],
      ["no e-mail", { email: "" }, "email", userMessages.emailRequired],
      ["no organization", { organizationId: undefined }, "organizationId", userMessages.organizationRequired],
      ["organization 0", { organizationId: 0 }, "organizationId", userMessages.organizationRequired],
      ["no role", { roleId: undefined }, "roleId", userMessages.roleRequired],
      ["a role id as text", { roleId: "1" }, "roleId", userMessages.roleRequired],
      ["an unknown user type", { userType: "partner" }, "userType", userMessages.typeInvalid],
    ])("refuses %s: 400 Wrong Input naming the field", async (_case, overrides, field, message) => {
      const before = await testApp.database.db.$count(users);
      const response = await createWithMembership(customerUser(overrides));
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toBe("Wrong Input");
      expect(body.data[field]).toContain(message);
      expect(await testApp.database.db.$count(users)).toBe(before);
    });

    it("applies the same rules to POST /api/users, whose type field is `type`", async () => {
      const response = await api("POST", "/api/users", {
        email: "x@customer.example",
        firstName: "Xe",
        lastName: "Xavier",
        type: "vendor",
        organizationId: customerId,
        roleId: buyerRoleId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().data).toMatchObject({
        firstName: [userMessages.firstNameTooShort],
        type: [userMessages.typeInvalid],
      });
    });
  });

  describe("updating", () => {
    async function newCustomer() {
      return (await createWithMembership(customerUser())).json().data as { id: number; _revision: number };
    }

    it("renames a user at the expected revision and records it", async () => {
      const user = await newCustomer();
      const response = await api("PUT", "/api/users", {
        id: user.id,
        firstName: " Renata ",
        lastName: "Renamed",
        expectedRevision: user._revision,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: "User updated successfully",
        nextExpectedStreamVersion: 2,
        createdNewStream: false,
        data: { id: user.id, firstName: "Renata", lastName: "Renamed", _revision: 2 },
      });
      const [latest] = await historyOf(testApp, "user", user.id);
      expect(latest).toMatchObject({
        actor: { id: adminId },
        action: "update",
        entityLabel: "Renata Renamed",
        changes: [
          { field: "firstName", before: "Bianca", after: "Renata" },
          { field: "lastName", before: "Buyer", after: "Renamed" },
        ],
      });
    });

    it("accepts short names on edit but not blank ones", async () => {
      const user = await newCustomer();
      const short = await api("PUT", "/api/users", { id: user.id, firstName: "Bo", lastName: "Li" });
      expect(short.statusCode).toBe(200);
      const blank = await api("PUT", "/api/users", { id: user.id, firstName: " ", lastName: "" });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({
        success: false,
        message: "Wrong Input",
        data: { firstName: ["First name is required"], lastName: ["Last name is required"] },
      });
    });

    it("refuses a stale revision with 409 and changes nothing", async () => {
      const user = await newCustomer();
      await api("PUT", "/api/users", {
        id: user.id,
        firstName: "First",
        lastName: "Change",
        expectedRevision: 1,
      });
      const before = await userRow(user.id);
      const entriesBefore = await historyRowCount(testApp);

      for (const attempt of [
        api("PUT", "/api/users", { id: user.id, firstName: "Lost", lastName: "Update", expectedRevision: 1 }),
        api(
          "PUT",
          "/api/users",
          { id: user.id, firstName: "Lost", lastName: "Update" },
          { "if-match": '"1"' },
        ),
      ]) {
        const response = await attempt;
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          success: false,
          message: "This record was changed by someone else. Reload it and try again.",
          data: null,
        });
      }
      expect(await userRow(user.id)).toEqual(before);
      expect(await historyRowCount(testApp)).toBe(entriesBefore);
    });

    it('says "User not found" for an unknown id', async () => {
      const response = await api("PUT", "/api/users", { id: 987654, firstName: "No", lastName: "Body" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: "User not found", data: null });
    });

    it("does not let a user deactivate their own account", async () => {
      const response = await api("PUT", "/api/users", {
        id: adminId,
        firstName: "Admin",
        lastName: "User",
        status: "inactive",
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe("You cannot deactivate your own account");
      expect((await userRow(adminId))!.status).toBe("active");
    });
  });

  describe("signing in", () => {
    const mailsTo = async (email: string) => {
      await testApp.app.mailer.idle();
      const mails = await readOutbox(outboxDir(testApp.config.DATA_DIR));
      return mails.filter((mail) => mail.to.toLowerCase() === email.toLowerCase()).length;
    };
    /** Asks for a login code for `email`; the code mailed for this request, if any. */
    const codeRequested = async (email: string) => {
      skipCodeRateLimits(testApp);
      const mailsBefore = await mailsTo(email);
      const start = await startAuthorization(testApp);
      const answer = await requestCode(start.browser, email);
      expect(answer.statusCode).toBe(303);
      if ((await mailsTo(email)) === mailsBefore) return undefined;
      return readLoginCode(testApp, email);
    };

    it("lets a new staff member sign in at once with the mailed code", async () => {
      const email = "new.hire@catalog.example";
      const created = await createWithMembership({
        email,
        firstName: "Nora",
        lastName: "Newhire",
        userType: "internal",
        organizationId: internalOrganizationId,
        roleId: adminRoleId,
      });
      expect(created.statusCode).toBe(201);

      expect(await codeRequested(email)).toMatch(/^[A-Z2-9]{6}$/);
      const headers = await signIn(testApp, email);
      const me = await testApp.app.inject({ method: "GET", url: "/api/me", headers });
      expect(me.json().data).toMatchObject({ email, firstName: "Nora", type: "internal" });
    });

    it("mails no code to a user created inactive", async () => {
      const email = "on.leave@catalog.example";
      const created = await api("POST", "/api/users", {
        email,
        firstName: "Olive",
        lastName: "Onleave",
        type: "internal",
        organizationId: internalOrganizationId,
        roleId: adminRoleId,
        status: "inactive",
      });
      expect(created.json().data.status).toBe("inactive");
      expect(await codeRequested(email)).toBeUndefined();
    });

    it("shuts a deactivated staff member out: no code, and their token no longer opens the API", async () => {
      const email = "leaver@catalog.example";
      const created = (
        await createWithMembership({
          email,
          firstName: "Leo",
          lastName: "Leaver",
          userType: "internal",
          organizationId: internalOrganizationId,
          roleId: adminRoleId,
        })
      ).json().data;
      const leaverAuth = await signIn(testApp, email);

      const deactivated = await api("PUT", "/api/users", {
        id: created.id,
        firstName: "Leo",
        lastName: "Leaver",
        status: "inactive",
        expectedRevision: created._revision,
      });
      expect(deactivated.json().data).toMatchObject({ status: "inactive", _revision: 2 });
      // Only the status changed: a status entry.
      expect((await historyOf(testApp, "user", created.id))[0]).toMatchObject({
        action: "status",
        changes: [{ field: "status", before: "active", after: "inactive" }],
      });

      const refused = await testApp.app.inject({ method: "GET", url: "/api/users", headers: leaverAuth });
      expect(refused.statusCode).toBe(403);
      expect(await codeRequested(email)).toBeUndefined();
    });

    it("does not let customers sign in", async () => {
      const email = "customer.login@customer.example";
      await createWithMembership(customerUser({ email }));
      expect(await codeRequested(email)).toBeUndefined();
    });
  });

  describe("roles and permissions", () => {
    let sequenceOfStaff = 0;
    async function newStaff(roleId: number) {
      const response = await createWithMembership({
        email: `staff${++sequenceOfStaff}@catalog.example`,
        firstName: "Stefan",
        lastName: `Staff ${sequenceOfStaff}`,
        userType: "internal",
        organizationId: internalOrganizationId,
        roleId,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: number; email: string; firstName: string; lastName: string };
    }
    const rename = (user: { id: number; firstName: string; lastName: string }, extra: object = {}) => ({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      ...extra,
    });
    /** Active staff holding people.manage, as the rule counts them. */
    const peopleManagers = async () =>
      (
        await testApp.database.db
          .select({ id: users.id, permissions: roles.permissions })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(and(eq(users.type, "internal"), eq(users.status, "active"), eq(roles.status, "active")))
      ).filter((row) => row.permissions.includes("people.manage")).length;

    it("gives a staff member another staff role, and records it", async () => {
      const staff = await newStaff(viewerRoleId);
      const response = await api("PUT", "/api/users", rename(staff, { roleId: salesRoleId }));
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: staff.id, roleId: salesRoleId, _revision: 2 });
      expect((await historyOf(testApp, "user", staff.id))[0]).toMatchObject({
        action: "update",
        changes: [{ field: "roleId", before: viewerRoleId, after: salesRoleId }],
      });
      const refused = await api("PUT", "/api/users", rename(staff, { roleId: buyerRoleId }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(userMessages.staffRoleRequired);
    });

    it("asks people.manage for staff and customers.manage for customers' users", async () => {
      const sales = await newStaff(salesRoleId);
      const salesAuth = await signIn(testApp, sales.email);
      const asSales = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
        testApp.app.inject({ method, url, payload, headers: salesAuth });

      const customer = await asSales(
        "POST",
        "/api/users/create-with-organization-membership",
        customerUser(),
      );
      expect(customer.statusCode).toBe(201);
      const staff = await asSales("POST", "/api/users/create-with-organization-membership", {
        ...customerUser(),
        userType: "internal",
        roleId: salesRoleId,
      });
      expect(staff.statusCode).toBe(403);
      expect(staff.json().message).toBe(permissionMessages.missing("people.manage"));

      // Sales sees customers' users only, and may rename itself but nobody on the staff.
      const listed = (await asSales("GET", "/api/users")).json().data as { type: string }[];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((user) => user.type === "external")).toBe(true);
      expect((await asSales("GET", `/api/users/with-memberships/${adminId}`)).statusCode).toBe(403);
      expect((await asSales("GET", `/api/users/${sales.id}`)).statusCode).toBe(200);
      expect((await asSales("PUT", "/api/users", rename(sales, { firstName: "Selma" }))).statusCode).toBe(
        200,
      );
      const promoted = await asSales("PUT", "/api/users", rename(sales, { roleId: adminRoleId }));
      expect(promoted.statusCode).toBe(403);
      const renamedAdmin = await asSales("PUT", "/api/users", {
        id: adminId,
        firstName: "Hacked",
        lastName: "X",
      });
      expect(renamedAdmin.statusCode).toBe(403);
      expect((await userRow(adminId))!.firstName).toBe("Admin");
    });

    /**
     * Leaves the seeded admin the only active user holding people.manage (earlier tests created
     * other admins); the function returned gives the others their roles back.
     */
    async function leaveAdminTheOnlyManager() {
      const { db } = testApp.database;
      const others = await db
        .select({ id: users.id, roleId: users.roleId })
        .from(users)
        .where(and(eq(users.type, "internal"), eq(users.roleId, adminRoleId)));
      const moved = others.filter((user) => user.id !== adminId);
      for (const user of moved)
        await db.update(users).set({ roleId: viewerRoleId }).where(eq(users.id, user.id));
      expect(await peopleManagers()).toBe(1);
      return async () => {
        await db.update(users).set({ roleId: adminRoleId, status: "active" }).where(eq(users.id, adminId));
        for (const user of moved)
          await db.update(users).set({ roleId: user.roleId }).where(eq(users.id, user.id));
      };
    }

    it("keeps the last active user holding people.manage from giving it up", async () => {
      const restore = await leaveAdminTheOnlyManager();
      try {
        const second = await newStaff(adminRoleId);
        const admin = (await api("GET", `/api/users/${adminId}`)).json().data;
        // Two managers: one may go.
        expect((await api("PUT", "/api/users", rename(second, { roleId: viewerRoleId }))).statusCode).toBe(
          200,
        );
        // The admin is the last one now.
        const entriesBefore = await historyRowCount(testApp);
        for (const roleId of [viewerRoleId, salesRoleId]) {
          const response = await api("PUT", "/api/users", rename(admin, { roleId }));
          expect(response.statusCode).toBe(409);
          expect(response.json()).toEqual({
            success: false,
            message: permissionMessages.lastPeopleManager,
            data: null,
          });
        }
        expect((await userRow(adminId))!.roleId).toBe(adminRoleId);
        expect(await peopleManagers()).toBe(1);
        expect(await historyRowCount(testApp)).toBe(entriesBefore);

        // With a second manager again, the admin may step down, and the second may not follow.
        expect((await api("PUT", "/api/users", rename(second, { roleId: adminRoleId }))).statusCode).toBe(
          200,
        );
        expect((await api("PUT", "/api/users", rename(admin, { roleId: viewerRoleId }))).statusCode).toBe(
          200,
        );
        const secondAuth = await signIn(testApp, second.email);
        const asSecond = (payload: object) =>
          testApp.app.inject({ method: "PUT", url: "/api/users", payload, headers: secondAuth });
        const stepDown = await asSecond(rename(second, { roleId: salesRoleId }));
        expect(stepDown.statusCode).toBe(409);
        expect(stepDown.json().message).toBe(permissionMessages.lastPeopleManager);
        expect((await asSecond(rename(admin, { roleId: adminRoleId }))).statusCode).toBe(200);
      } finally {
        await restore();
      }
    });

    it("lets only one of two simultaneous demotions of the last two managers through", async () => {
      const restore = await leaveAdminTheOnlyManager();
      try {
        const extra = await newStaff(adminRoleId);
        const admin = (await api("GET", `/api/users/${adminId}`)).json().data;
        expect(await peopleManagers()).toBe(2);
        const [deactivation, demotion] = await Promise.all([
          api("PUT", "/api/users", rename(extra, { status: "inactive" })),
          api("PUT", "/api/users", rename(admin, { roleId: viewerRoleId })),
        ]);
        const statuses = [deactivation.statusCode, demotion.statusCode];
        // The loser is refused by the rule (409), or already by the guard when the admin's
        // demotion committed before its request began (403).
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        expect(statuses.filter((status) => status === 409 || status === 403)).toHaveLength(1);
        expect(await peopleManagers()).toBe(1);
      } finally {
        await restore();
      }
    });
  });

  describe("deleting one's own account", () => {
    let sequenceOfLeavers = 0;
    async function newSignedInStaff(roleId: number) {
      const email = `self.leaver${++sequenceOfLeavers}@catalog.example`;
      const response = await createWithMembership({
        email,
        firstName: "Sally",
        lastName: "Selfleaver",
        userType: "internal",
        organizationId: internalOrganizationId,
        roleId,
      });
      expect(response.statusCode, response.body).toBe(201);
      return { user: response.json().data as { id: number }, headers: await signIn(testApp, email) };
    }
    const deactivateSelf = (headers: Record<string, string>, payload: object = { confirm: true }) =>
      testApp.app.inject({ method: "POST", url: "/api/users/me/deactivate", payload, headers });

    it("deactivates the caller's own account once confirmed, records it, and shuts them out", async () => {
      const { user, headers } = await newSignedInStaff(viewerRoleId);
      const entriesBefore = await historyRowCount(testApp);
      for (const payload of [{}, { confirm: false }, { confirm: "yes" }]) {
        const refused = await deactivateSelf(headers, payload);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().data).toEqual({ confirm: [userMessages.deleteAccountConfirmRequired] });
      }
      expect((await userRow(user.id))!.status).toBe("active");
      expect(await historyRowCount(testApp)).toBe(entriesBefore);

      const response = await deactivateSelf(headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: userMessages.accountDeleted,
        data: { id: user.id, status: "inactive", _revision: 2 },
      });
      expect((await historyOf(testApp, "user", user.id))[0]).toMatchObject({
        action: "status",
        actor: { id: user.id },
        changes: [{ field: "status", before: "active", after: "inactive" }],
      });
      // Their token opens nothing any more, this call included.
      expect((await testApp.app.inject({ method: "GET", url: "/api/me", headers })).statusCode).toBe(403);
      expect((await deactivateSelf(headers)).statusCode).toBe(403);
    });

    it("refuses a stale revision and changes nothing", async () => {
      const { user, headers } = await newSignedInStaff(viewerRoleId);
      const stale = await deactivateSelf(headers, { confirm: true, expectedRevision: 7 });
      expect(stale.statusCode).toBe(409);
      expect((await userRow(user.id))!.status).toBe("active");
    });

    it("refuses the last active user who can manage people, saying so", async () => {
      const { db } = testApp.database;
      const managers = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.type, "internal"), eq(users.status, "active"), eq(users.roleId, adminRoleId)));
      const { user, headers } = await newSignedInStaff(adminRoleId);
      // Everyone else holding Admin steps aside for the test: the new admin is the last manager.
      for (const manager of managers)
        await db.update(users).set({ roleId: viewerRoleId }).where(eq(users.id, manager.id));
      try {
        const entriesBefore = await historyRowCount(testApp);
        const refused = await deactivateSelf(headers);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          success: false,
          message: userMessages.lastPeopleManagerSelf,
          data: null,
        });
        expect((await userRow(user.id))!.status).toBe("active");
        expect(await historyRowCount(testApp)).toBe(entriesBefore);
      } finally {
        for (const manager of managers)
          await db.update(users).set({ roleId: adminRoleId }).where(eq(users.id, manager.id));
      }
      // With the others back, the same person may leave.
      expect((await deactivateSelf(headers)).statusCode).toBe(200);
    });

    it("lets only one of the last two managers leave when both leave at once", async () => {
      const { db } = testApp.database;
      const managers = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.type, "internal"), eq(users.status, "active"), eq(users.roleId, adminRoleId)));
      const first = await newSignedInStaff(adminRoleId);
      const second = await newSignedInStaff(adminRoleId);
      // Everyone else holding Admin steps aside: the two new admins are the last managers.
      for (const manager of managers)
        await db.update(users).set({ roleId: viewerRoleId }).where(eq(users.id, manager.id));
      let stayed: typeof first | undefined;
      try {
        const entriesBefore = await historyRowCount(testApp);
        const answers = await Promise.all([deactivateSelf(first.headers), deactivateSelf(second.headers)]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const refused = answers.find((answer) => answer.statusCode === 409)!;
        expect(refused.json().message).toBe(userMessages.lastPeopleManagerSelf);
        stayed = answers[0]!.statusCode === 409 ? first : second;
        const statuses = [(await userRow(first.user.id))!.status, (await userRow(second.user.id))!.status];
        expect(statuses.sort()).toEqual(["active", "inactive"]);
        expect(await historyRowCount(testApp)).toBe(entriesBefore + 1);
      } finally {
        for (const manager of managers)
          await db.update(users).set({ roleId: adminRoleId }).where(eq(users.id, manager.id));
      }
      expect((await deactivateSelf(stayed!.headers)).statusCode).toBe(200);
    });
  });

  it("documents every route in the OpenAPI document", async () => {
    const document = (await testApp.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const [path, method] of [
      ["/api/users", "get"],
      ["/api/users", "post"],
      ["/api/users", "put"],
      ["/api/users/{id}", "get"],
      ["/api/users/with-memberships", "get"],
      ["/api/users/with-memberships/{id}", "get"],
      ["/api/users/create-with-organization-membership", "post"],
      ["/api/users/me/deactivate", "post"],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
