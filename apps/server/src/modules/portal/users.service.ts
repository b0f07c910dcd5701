import { historySummaries } from "@cm/contracts/history";
import type { SessionUser } from "@cm/contracts/auth";
import {
  portalUserMessages,
  type InviteColleagueInput,
  type PortalUser,
  type PortalUsers,
} from "@cm/contracts/portal-users";
import { eq } from "drizzle-orm";
import type { Database, DbExecutor } from "../../db/client.ts";
import { organizations } from "../../db/schema.ts";
import { recordCreated, updateEntity } from "../../lib/entity-write.ts";
import { ConflictError, InvalidError, NotFoundError, withConstraintMessages } from "../../lib/errors.ts";
import type { PortalContext } from "../auth/api-guard.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { findActiveCustomerRoleIds, findDefaultCustomerRole } from "../roles/repository.ts";
import { userHistory } from "../users/history.ts";
import { findUserByEmail, insertUser } from "../users/repository.ts";
import {
  findActiveCustomerRoles,
  findActiveStores,
  findColleagues,
  findLinkedStores,
  linkStores,
  type ColleagueRow,
  type NamedRow,
} from "./users.repository.ts";
import { escapeHtml } from "../../lib/html.ts";

/**
 * A customer's own users (issue 34, docs/portal.md "Colleagues"): with `portal.users.manage` a
 * customer user lists, invites, deactivates and reactivates the users of their organization. The
 * organization is always the caller's (`request.portal`): another organization's user is 404.
 * Writes go through the users module's rows and history, as staff's do.
 */

function toPortalUser(row: ColleagueRow, stores: NamedRow[]): PortalUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status === "active" ? "active" : "inactive",
    role: row.roleName === null ? null : { id: row.roleId, name: row.roleName },
    stores,
    _revision: row.revision,
  };
}

async function findColleague(db: DbExecutor, organizationId: number, userId: number): Promise<PortalUser> {
  const [row] = await findColleagues(db, organizationId, userId);
  if (!row) throw new NotFoundError(portalUserMessages.notFound);
  const linked = await findLinkedStores(db, organizationId, [row.id]);
  return toPortalUser(row, linked.get(row.id) ?? []);
}

/** `GET /api/portal/users`. */
export async function listColleagues(db: DbExecutor, portal: PortalContext): Promise<PortalUsers> {
  const rows = await findColleagues(db, portal.organizationId);
  const linked = await findLinkedStores(
    db,
    portal.organizationId,
    rows.map((row) => row.id),
  );
  return {
    users: rows.map((row) => toPortalUser(row, linked.get(row.id) ?? [])),
    roles: await findActiveCustomerRoles(db),
    stores: await findActiveStores(db, portal.organizationId),
  };
}

/** The role a colleague gets: the one asked for when it is an active customer role, else Buyer. */
async function colleagueRole(db: DbExecutor, roleId: number | undefined): Promise<number> {
  if (roleId !== undefined) {
    if (!(await findActiveCustomerRoleIds(db, [roleId])).has(roleId)) {
      throw new NotFoundError(portalUserMessages.roleNotFound);
    }
    return roleId;
  }
  const buyer = await findDefaultCustomerRole(db);
  if (!buyer || buyer.status !== "active") {
    throw new InvalidError(portalUserMessages.roleNotFound, { roleId: [portalUserMessages.roleNotFound] });
  }
  return buyer.id;
}

/** The invitation: who invites, for which organization, and the page where one signs in. */
export function invitationMail(
  to: string,
  invitee: { firstName: string },
  inviter: { firstName: string; lastName: string },
  organization: string,
  signInUrl: string,
): MailMessage {
  const who = `${inviter.firstName} ${inviter.lastName}`.trim();
  const invites = `${who} invites you to order for ${organization} in Catalog Manager.`;
  const how =
    "Open the link below and sign in with this e-mail address: we mail you a login code each time, no password needed.";
  const ignore = "If you did not expect this invitation, ignore this e-mail.";
  const text = [`Hello ${invitee.firstName},`, "", invites, "", how, "", `    ${signInUrl}`, "", ignore].join(
    "\n",
  );
  const html = `<!doctype html>
<html lang="en">
<body style="font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;color:#18181b">
<p>Hello ${escapeHtml(invitee.firstName)},</p>
<p>${escapeHtml(invites)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(signInUrl)}">${escapeHtml(signInUrl)}</a></p>
<p style="color:#52525b">${escapeHtml(ignore)}</p>
</body>
</html>`;
  return { to, subject: portalUserMessages.inviteSubject(organization), text, html };
}

/** Another request created the same address between our check and our insert. */
const emailRace = { users_email_unique: portalUserMessages.emailTaken };

export interface InviteDeps {
  db: Database;
  sendMail: (message: MailMessage) => void;
  signInUrl: string;
}

/**
 * `POST /api/portal/users`: a customer user of the caller's organization, holding an active customer
 * role (Buyer by default), linked to active stores of the organization; then the invitation mail.
 */
export async function inviteColleague(
  deps: InviteDeps,
  caller: SessionUser,
  portal: PortalContext,
  input: InviteColleagueInput,
): Promise<{ user: PortalUser; revision: number }> {
  const { db } = deps;
  const storeIds = [...new Set(input.storeIds)];
  const { created, organizationName } = await withConstraintMessages(emailRace, () =>
    db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw new ConflictError(portalUserMessages.emailTaken);
      const stores = await findActiveStores(tx, portal.organizationId, storeIds);
      if (stores.length !== storeIds.length) throw new NotFoundError(portalUserMessages.storeNotFound);
      const roleId = await colleagueRole(tx, input.roleId);
      const [organization] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, portal.organizationId));
      const created = await insertUser(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        type: "external",
        status: "active",
        organizationId: portal.organizationId,
        roleId,
      });
      await linkStores(tx, created.id, storeIds);
      await recordCreated(tx, userHistory, [created], {
        actorUserId: caller.id,
        summary: historySummaries.invitedThroughPortal(stores.map((store) => store.name)),
      });
      return { created, organizationName: organization!.name };
    }),
  );
  deps.sendMail(invitationMail(created.email, created, caller, organizationName, deps.signInUrl));
  const user = await findColleague(db, portal.organizationId, created.id);
  return { user, revision: created.revision };
}

/**
 * `POST /api/portal/users/{id}/deactivate` and `/reactivate`: the users module's status write (a
 * `status` entry in the user's history). Only a user of the caller's organization, never oneself.
 */
export async function setColleagueStatus(
  db: Database,
  caller: SessionUser,
  portal: PortalContext,
  userId: number,
  status: "active" | "inactive",
  expectedRevision: number,
): Promise<{ user: PortalUser; revision: number }> {
  if (userId === caller.id) {
    throw new InvalidError(portalUserMessages.notYourself, { id: [portalUserMessages.notYourself] });
  }
  const row = await db.transaction(async (tx) => {
    // Before the revision is compared: a stale revision must not tell another organization's user exists.
    const [colleague] = await findColleagues(tx, portal.organizationId, userId);
    if (!colleague) throw new NotFoundError(portalUserMessages.notFound);
    const { row } = await updateEntity(tx, userHistory, {
      id: userId,
      expectedRevision,
      actorUserId: caller.id,
      action: "status",
      apply: (current) => {
        // Another organization's user, or a staff member, is not there for this caller.
        if (current.organizationId !== portal.organizationId || current.type !== "external") {
          throw new NotFoundError(portalUserMessages.notFound);
        }
        return { status };
      },
    });
    return row;
  });
  return { user: await findColleague(db, portal.organizationId, row.id), revision: row.revision };
}
