import type { RequestContext, Route } from "./auth-context";
import { forbidden, notFound, unprocessable } from "./auth-error";
import { booleanField, objectField, sendJson, stringField } from "./auth-http";
import { normalizeEmail } from "./normalize-email";
import { sendEmailLink } from "./email-links";
import { hashPassword } from "./password-hash";
import { allowedRedirect } from "./redirect-url";
import { checkPasswordStrength } from "./signup-routes";
import { userJson, type UserRow } from "./user-json";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Admin endpoints need the service key (as the apikey, or as the bearer token). */
function requireAdmin(rc: RequestContext): void {
  const bearer = /^Bearer\s+(\S+)$/i.exec(rc.req.headers.authorization ?? "")?.[1];
  const bearerIsAnotherToken = bearer !== undefined && bearer !== rc.auth.config.serviceRoleKey && bearer !== rc.auth.config.anonKey;
  if (rc.role !== "service_role" || bearerIsAnotherToken) throw forbidden("not_admin", "User not allowed");
}

async function respond(rc: RequestContext, user: UserRow, extra: Record<string, unknown> = {}): Promise<void> {
  const fresh = (await rc.auth.users.byId(user.id)) as UserRow;
  sendJson(rc.res, 200, { ...userJson(fresh, await rc.auth.users.identities(user.id)), ...extra });
}

async function createEmailUser(
  rc: RequestContext,
  email: string,
  password: string | undefined,
  data: Record<string, unknown>,
  confirmed: boolean,
) {
  const { users } = rc.auth;
  if (password !== undefined) checkPasswordStrength(password);
  const user = await users.create({
    email,
    passwordHash: password ? await hashPassword(password) : null,
    userMetadata: data,
    appMetadata: { provider: "email", providers: ["email"] },
    confirmedAt: confirmed ? new Date(rc.auth.now()) : null,
  });
  await users.addIdentity(user.id, "email", user.id, { ...data, sub: user.id, email, email_verified: confirmed, phone_verified: false });
  return user;
}

async function createUser(rc: RequestContext): Promise<void> {
  requireAdmin(rc);
  const body = await rc.body();
  const email = normalizeEmail(stringField(body, "email"));
  if (await rc.auth.users.byEmail(email)) throw unprocessable("email_exists", "A user with this email address has already been registered");
  const data = objectField(body, "user_metadata") ?? objectField(body, "data") ?? {};
  const user = await createEmailUser(rc, email, stringField(body, "password"), data, booleanField(body, "email_confirm") ?? false);
  const app = objectField(body, "app_metadata");
  if (app) await rc.auth.users.setMetadata(user.id, "app", { ...(user.raw_app_meta_data ?? {}), ...app });
  await respond(rc, user);
}

async function findUser(rc: RequestContext, id: string | undefined): Promise<UserRow> {
  const user = id && UUID.test(id) ? await rc.auth.users.byId(id) : null;
  if (!user) throw notFound("user_not_found", "User not found");
  return user;
}

async function getUser(rc: RequestContext, [id]: string[]): Promise<void> {
  requireAdmin(rc);
  await respond(rc, await findUser(rc, id));
}

/** PUT /admin/users/{id} (auth.admin.updateUserById): the attributes the product changes. */
async function updateUser(rc: RequestContext, [id]: string[]): Promise<void> {
  requireAdmin(rc);
  const user = await findUser(rc, id);
  const body = await rc.body();
  const { users } = rc.auth;
  const password = stringField(body, "password");
  if (password !== undefined) {
    checkPasswordStrength(password);
    await users.setPassword(user.id, await hashPassword(password));
    // Supabase signs the user out everywhere when an admin sets the password.
    await rc.auth.sessions.deleteForUser(user.id);
  }
  if (booleanField(body, "email_confirm") === true && !user.email_confirmed_at) await users.confirmEmail(user.id);
  const data = objectField(body, "user_metadata");
  if (data) await users.setMetadata(user.id, "user", { ...(user.raw_user_meta_data ?? {}), ...data });
  const app = objectField(body, "app_metadata");
  if (app) await users.setMetadata(user.id, "app", { ...(user.raw_app_meta_data ?? {}), ...app });
  await respond(rc, user);
}

async function deleteUser(rc: RequestContext, [id]: string[]): Promise<void> {
  requireAdmin(rc);
  const user = await findUser(rc, id);
  await rc.auth.users.delete(user.id);
  sendJson(rc.res, 200, {});
}

/** POST /admin/generate_link: the link an email would carry, without sending it (implicit flow). */
async function generateLink(rc: RequestContext): Promise<void> {
  requireAdmin(rc);
  const body = await rc.body();
  const type = stringField(body, "type");
  if (type !== "signup" && type !== "magiclink" && type !== "recovery") {
    throw unprocessable("validation_failed", "Invalid email action link type requested");
  }
  const email = normalizeEmail(stringField(body, "email"));
  const redirectTo = allowedRedirect(rc.auth.config.siteUrl, rc.url.searchParams.get("redirect_to") ?? stringField(body, "redirect_to"));
  let user = await rc.auth.users.byEmail(email);
  if (type === "signup") {
    if (user?.email_confirmed_at) throw unprocessable("email_exists", "A user with this email address has already been registered");
    user ??= await createEmailUser(rc, email, stringField(body, "password"), objectField(body, "data") ?? {}, false);
  }
  if (!user) throw notFound("user_not_found", "User with this email not found");
  const linkType = type === "magiclink" && !user.email_confirmed_at ? "signup" : type;
  const { tokenHash, otp, link } = await sendEmailLink(rc.auth, user, linkType, redirectTo, null, { send: false });
  await respond(rc, user, {
    action_link: link,
    email_otp: otp,
    hashed_token: tokenHash,
    redirect_to: redirectTo,
    verification_type: linkType,
  });
}

export const adminRoutes: Route[] = [
  { method: "POST", path: "/admin/users", handle: createUser },
  { method: "GET", path: /^\/admin\/users\/([^/]+)$/, handle: getUser },
  { method: "PUT", path: /^\/admin\/users\/([^/]+)$/, handle: updateUser },
  { method: "DELETE", path: /^\/admin\/users\/([^/]+)$/, handle: deleteUser },
  { method: "POST", path: "/admin/generate_link", handle: generateLink },
];
