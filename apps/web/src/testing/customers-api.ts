import { permissionValues } from "@cm/contracts/permissions";
import { vi } from "vitest";

/** Fixtures and a fake API for the organizations and stores screens' tests. */

export const timestamps = { createdAt: "2027-01-01T00:00:00.000Z", updatedAt: "2027-01-01T00:00:00.000Z" };

export const brands = [
  {
    id: 1,
    name: "Crocs",
    description: null,
    categoryId: 1,
    status: "active",
    wholesaleFactor: 0.5,
    _revision: 1,
    ...timestamps,
  },
  {
    id: 2,
    name: "Pandora",
    description: null,
    categoryId: 1,
    status: "active",
    wholesaleFactor: 0.5,
    _revision: 1,
    ...timestamps,
  },
];

export const roles = [
  {
    id: 1,
    name: "Admin",
    description: null,
    type: "internal",
    status: "active",
    permissions: [...permissionValues],
    userCount: 1,
    _revision: 1,
    ...timestamps,
  },
];

export const arubaAddress = {
  type: "physical",
  line1: "5 Ocean Drive",
  city: "Oranjestad",
  state: "Aruba",
  country: "AW",
};

export function organization(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name,
    type: "external",
    status: "active",
    address: arubaAddress,
    discounts: [],
    mainContactUserId: null,
    _revision: 1,
    ...timestamps,
    ...overrides,
  };
}

export function customerRow(id: number, name: string, address: unknown = arubaAddress) {
  return {
    id,
    name,
    status: "active",
    address,
    mainContactUserId: null,
    stores: [{ id: 10 + id, name: "Main Store", status: "active", storeType: "monobrand" }],
    userCount: 2,
    _revision: 1,
    ...timestamps,
  };
}

export function store(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    organizationId: 2,
    name,
    description: null,
    addresses: [],
    mainContactUserId: null,
    brandFocusType: { storeType: "monobrand", brandSegmentation: [{ brandId: 1, segmentation: "good" }] },
    userIds: [],
    logoUrl: "/store-logo-placeholder.svg",
    status: "active",
    _revision: 1,
    ...timestamps,
    ...overrides,
  };
}

export const externalUser = {
  id: 7,
  email: "erin.existing@example.com",
  firstName: "Erin",
  lastName: "Existing",
  type: "external",
  status: "active",
  organizationId: 3,
  roleId: 1,
  _revision: 1,
  ...timestamps,
};

export type Answer = { status?: number; body: unknown } | (() => Promise<{ status?: number; body: unknown }>);

export const envelope = (data: unknown, message = "OK") => ({
  status: 200,
  body: { success: true, message, data },
});
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
export const failure = (status: number, message: string, data: unknown = null) => ({
  status,
  body: { success: false, message, data },
});

/**
 * Answers the calls the organizations and stores screens make. Keys are "METHOD /path";
 * `overrides` replace or add answers. Anything else gets a 404 envelope.
 */
export function mockCustomersApi(overrides: Record<string, Answer> = {}) {
  const routes: Record<string, Answer> = {
    "GET /api/brands": envelope(brands),
    "GET /api/roles": envelope(roles),
    "GET /api/users": envelope([externalUser]),
    "GET /api/users/with-memberships": envelope([]),
    "GET /api/customers": envelope([
      customerRow(2, "Sole Mates"),
      customerRow(3, "Maple Feet", { ...arubaAddress, country: "CA", city: "Toronto" }),
    ]),
    "GET /api/organizations": envelope([organization(2, "Sole Mates"), organization(3, "Maple Feet")]),
    "GET /api/organizations/2": envelope(organization(2, "Sole Mates")),
    "GET /api/stores": envelope([store(21, "Beach Store"), store(22, "Mall Store")]),
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
  fetchMock: ReturnType<typeof mockCustomersApi>,
  method: string,
  path: string,
): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).split("?")[0] === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init!.body)));
}
