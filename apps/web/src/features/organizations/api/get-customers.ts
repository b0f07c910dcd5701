import { type Customer, customerSchema } from "@cm/contracts/customers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { customerKeys } from "@/lib/api/customers/customer-keys";
import { apiFetch } from "@/lib/api-client";

const customerListSchema = z.array(customerSchema);

/** `GET /api/customers`: customer organizations by name, with their stores and user counts. */
export function getCustomers(signal?: AbortSignal): Promise<Customer[]> {
  return apiFetch("/api/customers", { schema: customerListSchema, signal });
}

export function customersQueryOptions() {
  return queryOptions({ queryKey: customerKeys.list(), queryFn: ({ signal }) => getCustomers(signal) });
}

export function useCustomers() {
  return useQuery(customersQueryOptions());
}
