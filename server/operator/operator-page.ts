import "server-only";
import { notFound } from "next/navigation";
import { currentUser } from "../auth/current-user";
import type { AuthUser } from "../auth/auth-user";
import { isLiveOperatorSession } from "../db/accounts/operators";

/**
 * D17: every page under /operator calls this first. Anyone but a signed-in operator whose session
 * is live gets the site's ordinary 404, as for an address that does not exist; the role is read
 * from the database on every request (a layout alone is not re-run on every navigation).
 */
export async function requireOperatorPage(): Promise<AuthUser> {
  const user = await currentUser();
  if (!user || !(await isLiveOperatorSession(user.id, user.sessionId))) notFound();
  return user;
}
