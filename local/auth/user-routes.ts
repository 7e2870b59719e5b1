import type { RequestContext, Route } from "./auth-context";
import { badRequest, unprocessable } from "./auth-error";
import { objectField, sendJson, stringField } from "./auth-http";
import { requireUser } from "./bearer-auth";
import { hashPassword, verifyPassword } from "./password-hash";
import { checkPasswordStrength } from "./signup-routes";
import { userJson, type UserRow } from "./user-json";

async function respondWithUser(rc: RequestContext, userId: string): Promise<void> {
  const user = (await rc.auth.users.byId(userId)) as UserRow;
  sendJson(rc.res, 200, userJson(user, await rc.auth.users.identities(userId)));
}

async function getUser(rc: RequestContext): Promise<void> {
  const { user } = await requireUser(rc);
  await respondWithUser(rc, user.id);
}

/** PUT /user: password and user_metadata (`data`; a null value removes a key). Email changes are not offered. */
async function updateUser(rc: RequestContext): Promise<void> {
  const { user, sessionId } = await requireUser(rc);
  const { auth } = rc;
  const body = await rc.body();
  const email = stringField(body, "email");
  const password = stringField(body, "password");
  const data = objectField(body, "data");
  if (stringField(body, "phone")) throw unprocessable("phone_provider_disabled", "Phone updates are disabled");
  if (email !== undefined && email.trim().toLowerCase() !== (user.email ?? "")) {
    throw unprocessable("email_change_not_supported", "Changing the email address is not supported by the local Auth service");
  }
  if (password !== undefined) {
    if (user.is_anonymous)
      throw unprocessable("validation_failed", "Updating password of an anonymous user without an email is not possible");
    checkPasswordStrength(password);
    if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
      throw unprocessable("same_password", "New password should be different from the old password.");
    }
    await auth.users.setPassword(user.id, await hashPassword(password));
    await auth.sessions.deleteForUser(user.id, sessionId ?? undefined);
  }
  if (data) {
    const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
    for (const [key, value] of Object.entries(data)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    await auth.users.setMetadata(user.id, "user", merged);
  }
  await respondWithUser(rc, user.id);
}

/** POST /logout?scope=global|local|others: ends sessions (their refresh tokens stop working); 204. */
async function logout(rc: RequestContext): Promise<void> {
  const { user, sessionId } = await requireUser(rc);
  const scope = rc.url.searchParams.get("scope") || "global";
  if (scope !== "global" && scope !== "local" && scope !== "others") {
    throw badRequest("validation_failed", `Unsupported logout scope "${scope}"`);
  }
  const { sessions } = rc.auth;
  if (scope === "local" && sessionId) await sessions.delete(sessionId);
  else if (scope === "others" && sessionId) await sessions.deleteForUser(user.id, sessionId);
  else await sessions.deleteForUser(user.id);
  rc.res.writeHead(204, { "cache-control": "no-store" });
  rc.res.end();
}

export const userRoutes: Route[] = [
  { method: "GET", path: "/user", handle: getUser },
  { method: "PUT", path: "/user", handle: updateUser },
  { method: "POST", path: "/logout", handle: logout },
];
