import { roleMessages } from "@cm/contracts/roles";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { auditEvents, roles, users } from "../../db/schema.ts";

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
  const auditFor = (id: number) =>
    testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "role"), eq(auditEvents.entityId, String(id))))
      .orderBy(auditEvents.id);

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
      expect(await auditFor(body.data.id)).toEqual([
        expect.objectContaining({ actorUserId: adminId, action: "create", afterRevision: 1 }),
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
        (await auditFor(role.id)).map((event) => [event.action, event.beforeRevision, event.afterRevision]),
      ).toEqual([
        ["create", null, 1],
        ["update", 1, 2],
        ["update", 2, 3],
      ]);
    });

    it("refuses a stale revision with 409 and changes nothing", async () => {
      const role = await newRole("Buyer Lead");
      await api("PUT", `/api/roles/${role.id}`, { description: "Second", expectedRevision: 1 });
      const before = await roleRow(role.id);
      const events = (await auditFor(role.id)).length;
      const stale = await api("PUT", `/api/roles/${role.id}`, { name: "Overwritten" }, { "if-match": "1" });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe("This record was changed by someone else. Reload it and try again.");
      expect(await roleRow(role.id)).toEqual(before);
      expect(await auditFor(role.id)).toHaveLength(events);
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
