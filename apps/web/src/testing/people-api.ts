import { permissionValues } from "@cm/contracts/permissions";
import { vi } from "vitest";

/** Fixtures and a fake API for the people, team and roles screens' tests. */

export const internalOrganization = { id: 1, name: "Catalog Manager Footwear", type: "internal" as const };
export const customer = { id: 2, name: "Sole Mates", type: "external" as const };
export const timestamps = { createdAt: "2027-01-01T00:00:00.000Z", updatedAt: "2027-01-01T00:00:00.000Z" };

export const roles = [
  {
    id: 1,
    name: "Admin",
    description: null,
    type: "internal",
    status: "active",
    permissions: [...permissionValues],
    userCount: 2,
    _revision: 1,
    ...timestamps,
  },
  {
    id: 2,
    name: "Buyer",
    description: null,
    type: "external",
    status: "active",
    permissions: [],
    userCount: 1,
    _revision: 1,
    ...timestamps,
  },
  {
    id: 3,
    name: "Retired",
    description: null,
    type: "external",
    status: "inactive",
    permissions: [],
    userCount: 0,
    _revision: 1,
    ...timestamps,
  },
];

export function person(
  id: number,
  firstName: string,
  lastName: string,
  type: "internal" | "external" = "external",
) {
  const organization = type === "internal" ? internalOrganization : customer;
  return {
    id,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
    firstName,
    lastName,
    type,
    status: "active",
    organizationId: organization.id,
    roleId: type === "internal" ? 1 : 2,
    _revision: 1,
    ...timestamps,
    organizationMemberships: [{ organization }],
  };
}

export const people = [
  person(1, "Admin", "User", "internal"),
  person(2, "Carla", "Customer"),
  person(3, "Sam", "Staffer", "internal"),
];

export function organizationRow(organization: typeof customer | typeof internalOrganization) {
  return {
    ...organization,
    status: "active",
    address: null,
    discounts: [],
    mainContactUserId: null,
    _revision: 1,
    ...timestamps,
  };
}

export type Answer = { status?: number; body: unknown } | (() => Promise<{ status?: number; body: unknown }>);

export const envelope = (data: unknown) => ({ status: 200, body: { success: true, message: "OK", data } });
export const written = (data: unknown, status = 200) => ({
  status,
  body: {
    success: true,
    message: "OK",
    data,
    nextExpectedStreamVersion: 1,
    createdNewStream: status === 201,
  },
});
export const failure = (status: number, message: string) => ({
  status,
  body: { success: false, message, data: null },
});

/**
 * Answers the calls the people screens make. Keys are "METHOD /path" (or a bare path for GET);
 * `overrides` replace or add answers. Anything else gets a 404 envelope.
 */
export function mockPeopleApi(overrides: Record<string, Answer> = {}) {
  const routes: Record<string, Answer> = {
    "GET /api/users/with-memberships": envelope(people),
    "GET /api/users": envelope(people.map(({ organizationMemberships: _memberships, ...user }) => user)),
    "GET /api/roles": envelope(roles),
    "GET /api/organizations": envelope([organizationRow(internalOrganization), organizationRow(customer)]),
    ...overrides,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input).split("?")[0];
    const route = routes[`${init.method ?? "GET"} ${path}`];
    const answer = typeof route === "function" ? await route() : (route ?? failure(404, "Not found"));
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The JSON bodies sent with `method` to `path`. */
export function sentBodies(
  fetchMock: ReturnType<typeof mockPeopleApi>,
  method: string,
  path: string,
): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).split("?")[0] === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init!.body)));
}
