import type { RequestContext, Route } from "./auth-context";
import { AuthError, badRequest } from "./auth-error";
import { redirect, sendJson, stringField } from "./auth-http";
import type { EmailLinkType } from "./auth-mailer";
import { AUTH_METHOD, PKCE_PREFIX, parseVerifyType, tokenHash, verifyEmailToken } from "./email-links";
import { allowedRedirect, withFragment, withQuery } from "./redirect-url";
import { issueSession } from "./session-issuer";

const OAUTH_ERROR: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  429: "access_denied",
};

/** Supabase's error redirect: error, error_code and error_description in the fragment, and in the query for PKCE. */
export function errorRedirect(target: string, error: AuthError, pkce: boolean): string {
  const values: Record<string, string> = {};
  const oauth = OAUTH_ERROR[error.status] ?? "server_error";
  values.error = oauth;
  values.error_code = error.errorCode;
  values.error_description = error.message;
  return withFragment(pkce ? withQuery(target, values) : target, values);
}

/** GET /verify: the `{{ .ConfirmationURL }}` link (its `token` is the token hash). Redirects (303) with ?code= (PKCE) or the session in the fragment. */
async function verifyGet(rc: RequestContext): Promise<void> {
  const { auth } = rc;
  const query = rc.url.searchParams;
  const redirectTo = allowedRedirect(auth.config.siteUrl, query.get("redirect_to"));
  const token = query.get("token") ?? "";
  const pkce = token.startsWith(PKCE_PREFIX);
  try {
    auth.limiter.request("signIns", rc.ip);
    const type = parseVerifyType(query.get("type"));
    if (token === "") throw badRequest("validation_failed", "Verify requires a token or a token hash");
    const user = await verifyEmailToken(auth, [token], type);
    if (pkce) {
      const method = AUTH_METHOD[(type === "invite" || type === "email" ? "signup" : type) as EmailLinkType];
      const flow = await auth.flows.latestFlowForUser(user.id, method);
      if (!flow) throw badRequest("flow_state_not_found", "No associated flow state found.");
      await auth.flows.issueCode(flow.id, user.id);
      return redirect(rc.res, withQuery(redirectTo, { code: flow.auth_code }));
    }
    const session = await issueSession(rc, user, "otp");
    return redirect(
      rc.res,
      withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: "bearer",
        type,
      }),
    );
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return redirect(rc.res, errorRedirect(redirectTo, error, pkce));
  }
}

/** POST /verify: { type, token_hash } (the emailed link's), or { type, email, token } (the emailed code), answered with a session. */
async function verifyPost(rc: RequestContext): Promise<void> {
  const { auth } = rc;
  auth.limiter.request("signIns", rc.ip);
  const body = await rc.body();
  const type = parseVerifyType(stringField(body, "type"));
  const hash = stringField(body, "token_hash") ?? "";
  const token = stringField(body, "token") ?? "";
  const email = stringField(body, "email");
  if ((hash === "") === (token === "")) throw badRequest("validation_failed", "Verify requires either a token or a token hash");
  if (hash !== "") {
    if (email || stringField(body, "phone") || stringField(body, "redirect_to")) {
      throw badRequest("validation_failed", "Only the token_hash and type should be provided");
    }
    return sendJson(rc.res, 200, await issueSession(rc, await verifyEmailToken(auth, [hash], type), "otp"));
  }
  if (!email) throw badRequest("validation_failed", "Only an email address or phone number should be provided on verify");
  const address = email.trim().toLowerCase();
  const code = tokenHash(address, token);
  const user = await verifyEmailToken(auth, [code, `${PKCE_PREFIX}${code}`], type, address);
  sendJson(rc.res, 200, await issueSession(rc, user, "otp"));
}

export const verifyRoutes: Route[] = [
  { method: "GET", path: "/verify", open: true, handle: verifyGet },
  { method: "POST", path: "/verify", handle: verifyPost },
];
