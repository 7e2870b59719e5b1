import type { RequestContext, Route } from "./auth-context";
import { badRequest, notFound, unprocessable } from "./auth-error";
import { sendJson, stringField } from "./auth-http";
import { matchesChallenge } from "./pkce-challenge";
import { verifyPassword } from "./password-hash";
import { issueSession, refreshSession } from "./session-issuer";
import { MIN_PASSWORD_LENGTH } from "./signup-routes";

/** How long an auth code may wait for its exchange. */
export const FLOW_STATE_SECONDS = 300;
const INVALID_LOGIN = "Invalid login credentials";

async function passwordGrant(rc: RequestContext): Promise<void> {
  const { auth } = rc;
  auth.limiter.request("signIns", rc.ip);
  const body = await rc.body();
  const email = stringField(body, "email") ?? "";
  const phone = stringField(body, "phone") ?? "";
  const password = stringField(body, "password") ?? "";
  if (email !== "" && phone !== "") {
    throw badRequest("validation_failed", "Only an email address or phone number should be provided on login.");
  }
  if (phone !== "") throw unprocessable("phone_provider_disabled", "Phone logins are disabled");
  if (email === "") throw badRequest("validation_failed", "missing email or phone");
  const user = await auth.users.byEmail(email.trim());
  if (!user?.encrypted_password || !(await verifyPassword(password, user.encrypted_password))) {
    throw badRequest("invalid_credentials", INVALID_LOGIN);
  }
  if (user.banned_until && user.banned_until.getTime() > auth.now()) throw badRequest("user_banned", "User is banned");
  if (!user.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");
  const session = await issueSession(rc, user, "password");
  const weak =
    password.length < MIN_PASSWORD_LENGTH
      ? { weak_password: { reasons: ["length"], message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.` } }
      : {};
  sendJson(rc.res, 200, { ...session, ...weak });
}

async function refreshGrant(rc: RequestContext): Promise<void> {
  rc.auth.limiter.request("refreshes", rc.ip);
  const body = await rc.body();
  sendJson(rc.res, 200, await refreshSession(rc.auth, stringField(body, "refresh_token")));
}

async function pkceGrant(rc: RequestContext): Promise<void> {
  const { auth } = rc;
  auth.limiter.request("signIns", rc.ip);
  const body = await rc.body();
  const authCode = stringField(body, "auth_code") ?? "";
  const verifier = stringField(body, "code_verifier") ?? "";
  if (authCode === "" || verifier === "") {
    throw badRequest("validation_failed", "invalid request: both auth code and code verifier should be non-empty");
  }
  const flow = await auth.flows.flowByAuthCode(authCode);
  const missing = notFound("flow_state_not_found", "invalid flow state, no valid flow state found");
  if (!flow?.user_id) throw missing;
  const startedAt = (flow.auth_code_issued_at ?? flow.created_at).getTime();
  if (auth.now() > startedAt + FLOW_STATE_SECONDS * 1000) {
    throw unprocessable("flow_state_expired", "invalid flow state, flow state has expired");
  }
  if (!matchesChallenge({ codeChallenge: flow.code_challenge, codeChallengeMethod: flow.code_challenge_method }, verifier)) {
    throw badRequest("bad_code_verifier", "code challenge does not match previously saved code verifier");
  }
  if (!(await auth.flows.consumeFlow(flow.id))) throw missing;
  const user = await auth.users.byId(flow.user_id);
  if (!user) throw missing;
  sendJson(rc.res, 200, await issueSession(rc, user, flow.authentication_method));
}

async function token(rc: RequestContext): Promise<void> {
  switch (rc.url.searchParams.get("grant_type")) {
    case "password":
      return passwordGrant(rc);
    case "refresh_token":
      return refreshGrant(rc);
    case "pkce":
      return pkceGrant(rc);
    default:
      throw badRequest("invalid_credentials", "unsupported_grant_type");
  }
}

export const tokenRoutes: Route[] = [{ method: "POST", path: "/token", handle: token }];
