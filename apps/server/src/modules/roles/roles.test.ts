import { permissionMessages, permissionValues, seededRolePermissions } from "@cm/contracts/permissions";
import { roleMessages } from "@cm/contracts/roles";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf, historyRowCount } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { roles, users } from "../../db/schema.ts";

describe("roles API", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let adminId: number;
  let adminRoleId: number;

  const api = (
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => testApp.app.inject({ method, url, payload, headers: { ...auth, ...headers } });
  const createRole = (body: Record<string, unknown>) => api("POST", "/api/roles", body);
  const roleRow = async (id: number) => {
    const [row] = await testApp.database.db.select().from(roles).where(eq(roles.id, id));
    return row!;
  };
  /** The role's history, newest first. */
  const historyFor = (id: number) => historyOf(testApp, "role", id);

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    const [adminRole] = await db.select().from(roles).where(eq(roles.name, "Admin"));
    adminId = admin!.id;
    adminRoleId = adminRole!.id;
    auth = await signIn(testApp);
  });
  afterAll(() => testApp?.close());
  afterEach(() => vi.restoreAllMocks());

  it("needs a signed-in user", async () => {
    for (const [method, url] of [
      ["GET", "/api/roles"],
      ["POST", "/api/roles"],
      ["PUT", `/api/roles/1`],
    ] as const) {
      expect((await testApp.app.inject({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
  });

  it("lists roles with the seeded Admin role; `limit` caps the list", async () => {
    await createRole({ name: "Viewer" });
    const response = await api("GET", "/api/roles");
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toContainEqual(
      expect.objectContaining({
        id: adminRoleId,
        name: "Admin",
        type: "internal",
        status: "active",
        _revision: 1,
      }),
    );
    expect(data.length).toBeGreaterThanOrEqual(2);
    expect((await api("GET", "/api/roles?limit=1")).json().data).toHaveLength(1);
    expect((await api("GET", "/api/roles?limit=0")).statusCode).toBe(400);
  });

  it("gives every role its permissions and the number of users holding it", async () => {
    const { data } = (await api("GET", "/api/roles")).json();
    const byName = new Map<string, { permissions: string[]; userCount: number; type: string }>(
      data.map((role: { name: string; type: string }) => [`${role.type} ${role.name}`, role]),
    );
    for (const [name, permissions] of Object.entries(seededRolePermissions)) {
      expect(byName.get(`internal ${name}`)?.permissions, name).toEqual([...permissions]);
    }
    const admins = await testApp.database.db.$count(users, eq(users.roleId, adminRoleId));
    expect(byName.get("internal Admin")?.userCount).toBe(admins);
    expect((await api("GET", `/api/roles/${adminRoleId}`)).json().data).toMatchObject({
      permissions: [...permissionValues],
      userCount: admins,
    });
  });

  it("counts the users who hold each role: none for a role nobody holds, two for a role two hold", async () => {
    const { db } = testApp.database;
    const [admin] = await db.select().from(users).where(eq(users.id, adminId));
    const nobody = (await createRole({ name: "Held By Nobody" })).json().data;
    const pair = (await createRole({ name: "Held By Two" })).json().data;
    await db.insert(users).values(
      ["first", "second"].map((who) => ({
        email: `${who}.holder@example.com`,
        firstName: who,
        lastName: "Holder",
        type: "internal" as const,
        organizationId: admin!.organizationId,
        roleId: pair.id,
      })),
    );
    const listed = new Map(
      (await api("GET", "/api/roles"))
        .json()
        .data.map((role: { id: number; userCount: number }) => [role.id, role.userCount]),
    );
    expect(listed.get(nobody.id)).toBe(0);
    expect(listed.get(pair.id)).toBe(2);
    expect((await api("GET", `/api/roles/${nobody.id}`)).json().data.userCount).toBe(0);
    expect((await api("GET", `/api/roles/${pair.id}`)).json().data.userCount).toBe(2);
  });

  it('reads one role, and says "Role not found" for an unknown id', async () => {
    expect((await api("GET", `/api/roles/${adminRoleId}`)).json().data).toMatchObject({
      id: adminRoleId,
      name: "Admin",
    });
    const missing = await api("GET", "/api/roles/987654");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: "Role not found", data: null });
  });

  describe("creating", () => {
    it("creates a role from a name alone: type internal, status active, no description", async () => {
      const response = await createRole({ name: "  Merchandiser  ", description: "" });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        message: "Role created successfully",
        nextExpectedStreamVersion: 1,
        createdNewStream: true,
        data: { name: "Merchandiser", type: "internal", status: "active", description: null, _revision: 1 },
      });
      expect(await historyFor(body.data.id)).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: adminId }),
          action: "create",
          entityLabel: "Merchandiser",
          changes: [
            { field: "name", before: null, after: "Merchandiser" },
            { field: "type", before: null, after: "internal" },
            { field: "status", before: null, after: "active" },
          ],
        }),
      ]);
    });

    it("takes the type, description and status it is given", async () => {
      const response = await createRole({
        name: "Store Manager",
        type: "external",
        description: "Runs a customer's store",
        status: "inactive",
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        name: "Store Manager",
        type: "external",
        description: "Runs a customer's store",
        status: "inactive",
      });
    });

    it.each([
      ["no name", {}, "name", roleMessages.nameRequired],
      ["a blank name", { name: "   " }, "name", roleMessages.nameRequired],
      ["a name too long", { name: "x".repeat(101) }, "name", roleMessages.nameTooLong],
      ["an unknown type", { name: "Auditor", type: "partner" }, "type", roleMessages.typeInvalid],
      ["an unknown status", { name: "Auditor", status: "archived" }, "status", roleMessages.statusInvalid],
    ])(
      'refuses %s with "Failed to create Role: the input is not valid"',
      async (_case, body, field, message) => {
        const before = await testApp.database.db.$count(roles);
        const response = await createRole(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          message: "Failed to create Role: the input is not valid",
          data: { [field]: [message] },
        });
        expect(await testApp.database.db.$count(roles)).toBe(before);
      },
    );

    it("refuses a body that is not a role at all with the same message", async () => {
      const response = await testApp.app.inject({
        method: "POST",
        url: "/api/roles",
        headers: { ...auth, "content-type": "application/json" },
        payload: "[1,2,3]",
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Failed to create Role: the input is not valid");
    });

    it("keeps role names unique per type, in any letter case", async () => {
      expect((await createRole({ name: "Sales Rep" })).statusCode).toBe(201);
      const before = await testApp.database.db.$count(roles);
      const duplicate = await createRole({ name: "SALES rep" });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        success: false,
        message: 'A staff role named "SALES rep" already exists',
        data: null,
      });
      expect(await testApp.database.db.$count(roles)).toBe(before);

      // The same name is free for the other type.
      const external = await createRole({ name: "Sales Rep", type: "external" });
      expect(external.statusCode).toBe(201);
      const again = await createRole({ name: "sales rep", type: "external" });
      expect(again.json().message).toBe('A customer role named "sales rep" already exists');
    });

    it("answers an unexpected failure with the spec's 500 message and no details", async () => {
      vi.spyOn(testApp.database.db, "transaction").mockRejectedValueOnce(
        new Error("connection reset: secret detail"),
      );
      const response = await createRole({ name: "Unlucky" });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        success: false,
        message: "Failed to create Role: something went wrong at our side.",
        data: null,
      });
    });
  });

  describe("updating", () => {
    async function newRole(name: string) {
      return (await createRole({ name, description: "First" })).json().data as {
        id: number;
        _revision: number;
      };
    }

    it("changes the fields sent at the expected revision, keeps the others and records it", async () => {
      const role = await newRole("Planner");
      const response = await api("PUT", `/api/roles/${role.id}`, {
        name: "Demand Planner",
        expectedRevision: role._revision,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: "Role updated successfully",
        nextExpectedStreamVersion: 2,
        data: { id: role.id, name: "Demand Planner", description: "First", type: "internal", _revision: 2 },
      });
      const cleared = await api("PUT", `/api/roles/${role.id}`, { description: null, status: "inactive" });
      expect(cleared.json().data).toMatchObject({ description: null, status: "inactive", _revision: 3 });
      expect(
        (await historyFor(role.id)).map((entry) => [entry.action, entry.entityLabel, entry.changes]),
      ).toEqual([
        [
          "update",
          "Demand Planner",
          [
            { field: "description", before: "First", after: null },
            { field: "status", before: "active", after: "inactive" },
          ],
        ],
        ["update", "Demand Planner", [{ field: "name", before: "Planner", after: "Demand Planner" }]],
        ["create", "Planner", expect.any(Array)],
      ]);
    });

    it("refuses a stale revision with 409 and changes nothing", async () => {
      const role = await newRole("Buyer Lead");
      await api("PUT", `/api/roles/${role.id}`, { description: "Second", expectedRevision: 1 });
      const before = await roleRow(role.id);
      const entries = await historyRowCount(testApp);
      const stale = await api("PUT", `/api/roles/${role.id}`, { name: "Overwritten" }, { "if-match": "1" });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe("This record was changed by someone else. Reload it and try again.");
      expect(await roleRow(role.id)).toEqual(before);
      expect(await historyRowCount(testApp)).toBe(entries);
    });

    it("keeps names unique per type on rename too", async () => {
      await newRole("Controller");
      const role = await newRole("Accountant");
      const response = await api("PUT", `/api/roles/${role.id}`, { name: "controller" });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('A staff role named "controller" already exists');
      // Its own name in another case is no conflict.
      expect((await api("PUT", `/api/roles/${role.id}`, { name: "ACCOUNTANT" })).statusCode).toBe(200);
    });

    it('says "Role not found" for an unknown id and refuses bad input with its message', async () => {
      const missing = await api("PUT", "/api/roles/987654", { name: "Ghost" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe("Role not found");
      const role = await newRole("Temp");
      const bad = await api("PUT", `/api/roles/${role.id}`, { name: "" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        success: false,
        message: "Failed to update Role: the input is not valid",
        data: { name: [roleMessages.nameRequired] },
      });
    });

    it("keeps the Admin role's name, type and status, since every staff member gets it", async () => {
      for (const change of [{ name: "Superuser" }, { type: "external" }, { status: "inactive" }]) {
        const response = await api("PUT", `/api/roles/${adminRoleId}`, change);
        expect(response.statusCode, JSON.stringify(change)).toBe(409);
        expect(response.json().message).toBe(roleMessages.adminLocked);
      }
      expect(await roleRow(adminRoleId)).toMatchObject({ name: "Admin", type: "internal", status: "active" });
      const described = await api("PUT", `/api/roles/${adminRoleId}`, { description: "Everything" });
      expect(described.json().data).toMatchObject({ name: "Admin", description: "Everything" });
    });
  });

  describe("permissions", () => {
    it("creates a role with permissions, kept in catalogue order without repeats, and records them", async () => {
      const response = await createRole({
        name: "Order Desk",
        permissions: ["orders.manage", "catalogs.view", "orders.view", "orders.manage"],
      });
      expect(response.statusCode).toBe(201);
      const role = response.json().data;
      expect(role).toMatchObject({
        permissions: ["catalogs.view", "orders.view", "orders.manage"],
        userCount: 0,
      });
      expect((await roleRow(role.id)).permissions).toEqual(["catalogs.view", "orders.view", "orders.manage"]);
      expect((await historyFor(role.id))[0]!.changes).toContainEqual({
        field: "permissions",
        before: null,
        after: ["catalogs.view", "orders.view", "orders.manage"],
      });
      const none = (await createRole({ name: "Nothing Yet" })).json().data;
      expect(none.permissions).toEqual([]);
    });

    it("refuses permissions the catalogue does not know", async () => {
      const response = await createRole({
        name: "Wishful",
        permissions: ["catalogs.view", "everything.all"],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: roleMessages.createInvalid,
        data: { "permissions.1": [permissionMessages.permissionsInvalid] },
      });
    });

    it("gives customer roles no permissions: a clear 400", async () => {
      const created = await createRole({
        name: "Buyer Plus",
        type: "external",
        permissions: ["orders.view"],
      });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({
        success: false,
        message: permissionMessages.externalRolePermissions,
        data: { permissions: [permissionMessages.externalRolePermissions] },
      });
      const staffRole = (await createRole({ name: "Soon Customer", permissions: ["orders.view"] })).json()
        .data;
      const moved = await api("PUT", `/api/roles/${staffRole.id}`, { type: "external" });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().message).toBe(permissionMessages.externalRolePermissions);
      const movedEmpty = await api("PUT", `/api/roles/${staffRole.id}`, {
        type: "external",
        permissions: [],
      });
      expect(movedEmpty.json().data).toMatchObject({ type: "external", permissions: [] });
    });

    it("changes a role's permissions and records before and after", async () => {
      const role = (await createRole({ name: "Analyst", permissions: ["orders.view"] })).json().data;
      const response = await api("PUT", `/api/roles/${role.id}`, {
        permissions: ["orders.view", "history.view"],
        expectedRevision: role._revision,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        permissions: ["orders.view", "history.view"],
        _revision: 2,
      });
      expect((await historyFor(role.id))[0]).toMatchObject({
        action: "update",
        changes: [{ field: "permissions", before: ["orders.view"], after: ["orders.view", "history.view"] }],
      });
    });

    it("keeps every permission on the Admin role", async () => {
      const narrowed = await api("PUT", `/api/roles/${adminRoleId}`, { permissions: ["catalogs.view"] });
      expect(narrowed.statusCode).toBe(409);
      expect(narrowed.json().message).toBe(permissionMessages.adminPermissionsLocked);
      expect((await roleRow(adminRoleId)).permissions).toEqual([...permissionValues]);
      const same = await api("PUT", `/api/roles/${adminRoleId}`, { permissions: [...permissionValues] });
      expect(same.statusCode).toBe(200);
    });

    it("refuses taking people.manage from the last people who hold it, by the role", async () => {
      const { db } = testApp.database;
      const role = (
        await createRole({ name: "People Lead", permissions: ["people.view", "people.manage"] })
      ).json().data;
      const [internal] = await db.select().from(users).where(eq(users.id, adminId));
      const [lead] = await db
        .insert(users)
        .values({
          email: "people.lead@example.com",
          firstName: "Pia",
          lastName: "Lead",
          type: "internal",
          organizationId: internal!.organizationId,
          roleId: role.id,
        })
        .returning();
      // The admin keeps people.manage: the People Lead role may lose it.
      const narrowed = await api("PUT", `/api/roles/${role.id}`, { permissions: ["people.view"] });
      expect(narrowed.statusCode).toBe(200);
      await api("PUT", `/api/roles/${role.id}`, { permissions: ["people.view", "people.manage"] });

      // With the admin (and every other Admin holder) demoted, the People Lead is all that is left.
      const adminHolders = await db.select({ id: users.id }).from(users).where(eq(users.roleId, adminRoleId));
      const viewer = (await api("GET", "/api/roles"))
        .json()
        .data.find(
          (candidate: { name: string; type: string }) =>
            candidate.name === "Viewer" && candidate.type === "internal",
        );
      await db.update(users).set({ roleId: viewer.id }).where(eq(users.roleId, adminRoleId));
      const leadAuth = await signIn(testApp, lead!.email);
      const entries = await historyRowCount(testApp);
      try {
        for (const change of [{ permissions: ["people.view"] }, { status: "inactive" }]) {
          const response = await testApp.app.inject({
            method: "PUT",
            url: `/api/roles/${role.id}`,
            payload: change,
            headers: leadAuth,
          });
          expect(response.statusCode, JSON.stringify(change)).toBe(409);
          expect(response.json().message).toBe(permissionMessages.lastPeopleManager);
        }
        expect(await roleRow(role.id)).toMatchObject({
          status: "active",
          permissions: ["people.view", "people.manage"],
        });
        expect(await historyRowCount(testApp)).toBe(entries);
      } finally {
        for (const holder of adminHolders) {
          await db.update(users).set({ roleId: adminRoleId }).where(eq(users.id, holder.id));
        }
      }
    });
  });

  it("documents every route in the OpenAPI document", async () => {
    const document = (await testApp.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const [path, method] of [
      ["/api/roles", "get"],
      ["/api/roles", "post"],
      ["/api/roles/{id}", "get"],
      ["/api/roles/{id}", "put"],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
