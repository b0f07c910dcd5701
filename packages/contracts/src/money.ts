import { z } from "zod";

/** Exact money: a decimal string with two places, e.g. "42.50" (never a float). */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/, "Expected an amount with two decimals");
export type Money = z.infer<typeof moneySchema>;
