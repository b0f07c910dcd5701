import { PeoplePage } from "@/features/people/components/people-page";
import { CreateRoleDialog } from "@/features/roles/components/create-role-dialog";

/**
 * `/home/people`. Composed here because it joins two features: the people list and the roles'
 * Create Role dialog (features do not import each other).
 */
export default function PeopleListRoute() {
  return <PeoplePage actions={<CreateRoleDialog />} />;
}
