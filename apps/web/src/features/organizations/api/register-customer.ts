import {
  type CustomerRegistrationInput,
  customerRegistrationInputSchema,
  type CustomerRegistrationResult,
  customerRegistrationResultSchema,
} from "@cm/contracts/customers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { customerKeys } from "@/lib/api/customers/customer-keys";
import { organizationKeys } from "@/lib/api/organizations/organization-keys";
import { storeKeys } from "@/lib/api/stores/store-keys";
import { userKeys } from "@/lib/api/users/user-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * `POST /api/register-new-customer/register-new-customer`: the organization, its main contact,
 * stores and users at once. Blank optional fields are sent as absent (the schema drops them).
 */
export function registerCustomer(input: CustomerRegistrationInput): Promise<CustomerRegistrationResult> {
  return apiFetch("/api/register-new-customer/register-new-customer", {
    method: "POST",
    body: customerRegistrationInputSchema.parse(input),
    schema: customerRegistrationResultSchema,
  });
}

/** Registers a customer, then refreshes every list it added to. */
export function useRegisterCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerCustomer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: storeKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
      ]),
  });
}
