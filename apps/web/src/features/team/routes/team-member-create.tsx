import { CreateUserPage } from "@/components/users/create-user-page";
import { paths } from "@/config/paths";

/** `/home/team/create-user`: Add New Team Member, always staff; back to `/home/team` when done. */
export default function TeamMemberCreateRoute() {
  return (
    <CreateUserPage
      variant="team-member"
      title="Add New Team Member"
      description="A colleague who signs in to Catalog Manager with a login code."
      listHref={paths.home.team.list.getHref()}
      listLabel="Team"
    />
  );
}
