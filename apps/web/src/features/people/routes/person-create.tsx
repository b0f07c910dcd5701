import { CreateUserPage } from "@/components/users/create-user-page";
import { paths } from "@/config/paths";

/** `/home/people/create-user`: Create New User, staff or customer. */
export default function PersonCreateRoute() {
  return (
    <CreateUserPage
      variant="person"
      title="Create New User"
      description="A staff member, or a user of one of your customers."
      listHref={paths.home.people.list.getHref()}
      listLabel="People"
    />
  );
}
