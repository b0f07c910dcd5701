import type { CustomerRegistrationInput } from "@cm/contracts/customers";
import { customerRegistrationInputSchema } from "@cm/contracts/customers";
import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { brands, organizations } from "../db/schema.ts";
import { CustomersService } from "../modules/customers/service.ts";

type DemoCustomer = Omit<CustomerRegistrationInput, "stores"> & {
  stores: (Omit<CustomerRegistrationInput["stores"][number], "brandFocusType"> & {
    brands: [brandName: string, segmentation: "good" | "better" | "best"][];
  })[];
};

const miami = {
  line1: "1200 Ocean Drive",
  city: "Miami Beach",
  state: "FL",
  postalCode: "33139",
  country: "US",
};
const toronto = { line1: "100 Queen Street West", city: "Toronto", state: "ON", country: "CA" };
const aruba = { line1: "5 L.G. Smith Boulevard", city: "Oranjestad", state: "Aruba", country: "AW" };

const demoCustomers: DemoCustomer[] = [
  {
    organization: { name: "Sunset Soles", address: { type: "physical", ...miami } },
    organizationMainContact: {
      email: "maria.lopez@sunsetsoles.example",
      firstName: "Maria",
      lastName: "Lopez",
    },
    stores: [
      {
        name: "Main Store",
        addresses: [
          { type: "billing", ...miami },
          { type: "shipping", ...miami, line1: "40 Dock Street" },
        ],
        brands: [["Crocs", "best"]],
      },
      {
        name: "Lincoln Road",
        description: "Outlet on the mall",
        mainContactUserEmail: "sam.reed@sunsetsoles.example",
        addresses: [{ type: "shipping", ...miami, line1: "700 Lincoln Road" }],
        brands: [
          ["Crocs", "better"],
          ["Skechers", "good"],
        ],
      },
    ],
    users: [{ email: "sam.reed@sunsetsoles.example", firstName: "Sam", lastName: "Reed" }],
  },
  {
    organization: { name: "Maple Feet", address: { type: "billing", ...toronto } },
    organizationMainContact: {
      email: "olivia.tremblay@maplefeet.example",
      firstName: "Olivia",
      lastName: "Tremblay",
    },
    stores: [
      { name: "Main Store", addresses: [{ type: "billing", ...toronto }], brands: [["Crocs", "good"]] },
    ],
    users: [],
  },
  {
    organization: { name: "Island Steps", address: { type: "physical", ...aruba } },
    organizationMainContact: {
      email: "ruben.croes@islandsteps.example",
      firstName: "Ruben",
      lastName: "Croes",
    },
    stores: [
      {
        name: "Main Store",
        addresses: [],
        brands: [
          ["Crocs", "good"],
          ["Hey Dude", "better"],
          ["Pandora", "best"],
        ],
      },
    ],
    users: [{ email: "anna.maduro@islandsteps.example", firstName: "Anna", lastName: "Maduro" }],
  },
];

/**
 * The demo's customers with their stores and people, registered the way the New Customer
 * screen does it. Customers whose name exists already are left as they are.
 */
export async function seedDemoCustomers(db: Database): Promise<{ created: string[] }> {
  const names = demoCustomers.map((customer) => customer.organization.name.toLowerCase());
  const existing = await db
    .select({ name: sql<string>`lower(${organizations.name})` })
    .from(organizations)
    .where(inArray(sql`lower(${organizations.name})`, names));
  const existingNames = new Set(existing.map((row) => row.name));
  const brandIds = new Map(
    (await db.select({ id: brands.id, name: brands.name }).from(brands)).map((brand) => [
      brand.name,
      brand.id,
    ]),
  );

  const service = new CustomersService(db);
  const created: string[] = [];
  for (const { stores, ...customer } of demoCustomers) {
    if (existingNames.has(customer.organization.name.toLowerCase())) continue;
    const registration = customerRegistrationInputSchema.parse({
      ...customer,
      stores: stores.map(({ brands: focus, ...store }) => ({
        ...store,
        brandFocusType: {
          brandSegmentation: focus.flatMap(([name, segmentation]) => {
            const brandId = brandIds.get(name);
            return brandId === undefined ? [] : [{ brandId, segmentation }];
          }),
        },
      })),
    });
    await service.register(registration, null);
    created.push(customer.organization.name);
  }
  return { created };
}
