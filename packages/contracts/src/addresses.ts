import { z } from "zod";

/**
 * Postal addresses of organizations and stores (SPEC.md sections 3 and 5, "Address form"), and
 * the countries customers may be in.
 */

/** SPEC.md section 3, "Country options", in the spec's order, with the names people search by. */
export const countryOptions = [
  { code: "US", name: "United States" },
  { code: "CA", name: "Canada" },
  { code: "MX", name: "Mexico" },
  { code: "AW", name: "Aruba" },
  { code: "BQ", name: "Caribbean Netherlands" },
  { code: "CW", name: "Curaçao" },
  { code: "SX", name: "Sint Maarten" },
  { code: "VI", name: "U.S. Virgin Islands" },
  { code: "AN", name: "Netherlands Antilles" },
  { code: "BL", name: "Saint Barthélemy" },
  { code: "GP", name: "Guadeloupe" },
  { code: "MQ", name: "Martinique" },
  { code: "GF", name: "French Guiana" },
  { code: "MF", name: "Saint Martin" },
  { code: "JM", name: "Jamaica" },
  { code: "KY", name: "Cayman Islands" },
  { code: "VN", name: "Vietnam" },
  { code: "CN", name: "China" },
] as const;

export type CountryCode = (typeof countryOptions)[number]["code"];
export const countryCodes = countryOptions.map((country) => country.code) as [CountryCode, ...CountryCode[]];

/** "Canada" for "CA"; the code itself for anything not in the list. */
export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  return countryOptions.find((country) => country.code === code)?.name ?? code;
}

/** Every address type a store may use; organizations use the first three. */
export const addressTypes = ["physical", "shipping", "billing", "registered_office"] as const;
export type AddressType = (typeof addressTypes)[number];
export const organizationAddressTypes = ["billing", "shipping", "physical"] as const;
export type OrganizationAddressType = (typeof organizationAddressTypes)[number];

export const addressTypeLabels: Record<AddressType, string> = {
  physical: "Physical",
  shipping: "Shipping",
  billing: "Billing",
  registered_office: "Registered office",
};

export const addressLimits = {
  /**
   * The longest postal code of any country offered. SPEC.md section 9's "at most 5 characters,
   * digits only" is the United States' rule; each country's own is `postalCodeRules` below.
   */
  postalCodeMaxLength: 10,
  textMaxLength: 200,
} as const;

/**
 * Postal codes by country (docs/customers.md): the United States' ZIP or ZIP+4, Canada's
 * "A1A 1A1" (typed in any case, with or without its space), Mexico's five digits. The other
 * countries offered have no code or one of their own: any text up to `postalCodeMaxLength`.
 */
const postalCodeRules: Partial<
  Record<CountryCode, { pattern: RegExp; message: string; normalize?: (code: string) => string }>
> = {
  US: {
    pattern: /^\d{5}(-\d{4})?$/,
    message: "Postal code must be a 5-digit ZIP code, or ZIP+4 as 12345-6789",
  },
  CA: {
    pattern: /^[A-Z]\d[A-Z] \d[A-Z]\d$/,
    message: "Postal code must read like A1A 1A1",
    normalize: (code) => code.toUpperCase().replace(/^([A-Z0-9]{3})\s*([A-Z0-9]{3})$/, "$1 $2"),
  },
  MX: { pattern: /^\d{5}$/, message: "Postal code must be 5 digits" },
};

/** The postal code as stored for the country: Canada's in capitals with its space. */
function normalizePostalCode(code: string, country: string): string {
  return postalCodeRules[country as CountryCode]?.normalize?.(code) ?? code;
}

/** What is wrong with a (normalized) postal code for the country, if anything. */
function postalCodeProblem(code: string, country: string): string | undefined {
  const rule = postalCodeRules[country as CountryCode];
  return rule && !rule.pattern.test(code) ? rule.message : undefined;
}

export const addressMessages = {
  line1Required: "Address line 1 is required",
  cityRequired: "City is required",
  stateRequired: "State is required",
  countryRequired: "Country is required",
  countryUnknown: "Choose a country from the list",
  postalCodeTooLong: `Postal code must be at most ${addressLimits.postalCodeMaxLength} characters`,
  tooLong: `Must be at most ${addressLimits.textMaxLength} characters`,
  latitude: "Latitude must be a number between -90 and 90",
  longitude: "Longitude must be a number between -180 and 180",
} as const;

const requiredText = (message: string) =>
  z.string(message).trim().min(1, message).max(addressLimits.textMaxLength, addressMessages.tooLong);

/** Blank optional text is the same as absent, so "" never reaches the database. */
const blankToUndefined = (value: string | undefined) => (value === "" ? undefined : value);

const addressFields = {
  line1: requiredText(addressMessages.line1Required),
  line2: z
    .string()
    .trim()
    .max(addressLimits.textMaxLength, addressMessages.tooLong)
    .optional()
    .transform(blankToUndefined),
  city: requiredText(addressMessages.cityRequired),
  state: requiredText(addressMessages.stateRequired),
  postalCode: z
    .string()
    .trim()
    .max(addressLimits.postalCodeMaxLength, addressMessages.postalCodeTooLong)
    .optional()
    .transform(blankToUndefined),
  country: z
    .string(addressMessages.countryRequired)
    .min(1, addressMessages.countryRequired)
    .pipe(z.enum(countryCodes, addressMessages.countryUnknown)),
  latitude: z
    .number(addressMessages.latitude)
    .min(-90, addressMessages.latitude)
    .max(90, addressMessages.latitude)
    .optional(),
  longitude: z
    .number(addressMessages.longitude)
    .min(-180, addressMessages.longitude)
    .max(180, addressMessages.longitude)
    .optional(),
};

type PostalCodeOfCountry = { postalCode?: string | undefined; country: string };

/**
 * The postal code checked against the country's rule. A check rather than part of the transform
 * below, so that it runs (and the form shows it) while other fields are still missing.
 */
function checkPostalCodeOfCountry(address: PostalCodeOfCountry, context: z.RefinementCtx): void {
  if (typeof address.postalCode !== "string" || typeof address.country !== "string") return;
  const problem = postalCodeProblem(
    normalizePostalCode(address.postalCode, address.country),
    address.country,
  );
  if (problem) context.addIssue({ code: "custom", path: ["postalCode"], message: problem });
}

/** The postal code stored in its country's form ("M5V 2T6"). */
function withPostalCodeOfCountry<T extends PostalCodeOfCountry>(address: T): T {
  if (address.postalCode === undefined) return address;
  return { ...address, postalCode: normalizePostalCode(address.postalCode, address.country) };
}

/** A store's address: any of the four types. */
export const addressSchema = z
  .object({ type: z.enum(addressTypes), ...addressFields })
  .superRefine(checkPostalCodeOfCountry)
  .transform(withPostalCodeOfCountry);
export type Address = z.infer<typeof addressSchema>;
export type AddressInput = z.input<typeof addressSchema>;

/** An organization's address: billing, shipping or physical (physical when not said). */
export const organizationAddressSchema = z
  .object({ type: z.enum(organizationAddressTypes).default("physical"), ...addressFields })
  .superRefine(checkPostalCodeOfCountry)
  .transform(withPostalCodeOfCountry);
export type OrganizationAddress = z.infer<typeof organizationAddressSchema>;
export type OrganizationAddressInput = z.input<typeof organizationAddressSchema>;

/**
 * An address as the API returns it. Looser than the input rules, so an address saved under
 * older rules still reads.
 */
export const addressOutputSchema = z.object({
  type: z.enum(addressTypes),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string().optional(),
  country: z.string(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});
export type AddressOutput = z.infer<typeof addressOutputSchema>;

/** The fields of the address form: what a user types, before the rules above turn it into an address. */
export interface AddressFormValues {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const emptyAddressFormValues: AddressFormValues = {
  line1: "",
  line2: "",
  city: "",
  state: "",
  postalCode: "",
  country: "",
};

/** One line for tables: "12 Main St, Springfield, IL 62701, United States". */
export function formatAddress(address: Partial<AddressOutput> | null | undefined): string {
  if (!address) return "";
  const region = [address.state, address.postalCode].filter(Boolean).join(" ");
  return [address.line1, address.line2, address.city, region, countryName(address.country)]
    .filter((part) => part && String(part).trim() !== "")
    .join(", ");
}
