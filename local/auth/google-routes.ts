import { createHash } from "node:crypto";
import type { AuthContext, RequestContext, Route } from "./auth-context";
import { AuthError, badRequest } from "./auth-error";
import { readFormBody, redirect, sendHtml } from "./auth-http";
import { consentPage } from "./consent-page";
import { normalizeEmail } from "./normalize-email";
import { readPkceChallenge } from "./pkce-challenge";
import { allowedRedirect, withFragment, withQuery } from "./redirect-url";
import { issueSession } from "./session-issuer";
import type { UserRow } from "./user-json";
import { errorRedirect } from "./verify-routes";

const STATE_SECONDS = 600;
type OAuthState = { redirectTo: string; flowId: string | null; exp: number };

function encodeState(auth: AuthContext, state: OAuthState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString("base64url");
  return `${payload}.${auth.key.mac("oauth-state", payload)}`;
}

function decodeState(auth: AuthContext, value: string | null): OAuthState | null {
  const [payload, mac] = (value ?? "").split(".");
  if (!payload || !mac || auth.key.mac("oauth-state", payload) !== mac) return null;
  try {
    const state = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as OAuthState;
    return state.exp * 1000 > auth.now() ? state : null;
  } catch {
    return null;
  }
}

/** GET /authorize?provider=google: starts the flow (PKCE when a challenge is given) at the local consent page. */
async function authorize(rc: RequestContext): Promise<void> {
  const { auth } = rc;
  const query = rc.url.searchParams;
  const provider = query.get("provider") ?? "";
  if (provider === "") throw badRequest("validation_failed", "Unsupported provider: provider is missing");
  if (provider !== "google") throw badRequest("validation_failed", `Unsupported provider: Provider ${provider} could not be found`);
  const pkce = readPkceChallenge(query.get("code_challenge"), query.get("code_challenge_method"));
  const redirectTo = allowedRedirect(auth.config.siteUrl, query.get("redirect_to"));
  const flow = pkce ? await auth.flows.createFlow({ userId: null, ...pkce, providerType: "google", authenticationMethod: "oauth" }) : null;
  const state = encodeState(auth, { redirectTo, flowId: flow?.id ?? null, exp: Math.floor(auth.now() / 1000) + STATE_SECONDS });
  redirect(rc.res, `${auth.config.publicUrl}/auth/v1/local/google?state=${encodeURIComponent(state)}`, 302);
}

function renderConsent(rc: RequestContext, state: string, status: number, fields: { email?: string; name?: string; error?: string } = {}) {
  const { config } = rc.auth;
  const action = `${config.publicUrl}/auth/v1/callback`;
  sendHtml(rc.res, status, consentPage({ action, state, siteOrigin: new URL(config.siteUrl).host, ...fields }));
}

async function consent(rc: RequestContext): Promise<void> {
  const state = rc.url.searchParams.get("state") ?? "";
  if (!decodeState(rc.auth, state)) {
    return sendHtml(
      rc.res,
      400,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in expired</title></head>
<body><main><h1>This sign-in has expired</h1><p>Go back to the app and start again.</p></main></body></html>`,
    );
  }
  renderConsent(rc, state, 200);
}

/** A stable, Google-like numeric subject for an address. */
const googleSubject = (email: string) =>
  BigInt(`0x${createHash("sha256").update(`google:${email}`).digest("hex").slice(0, 24)}`)
    .toString()
    .padStart(21, "1")
    .slice(0, 21);

async function findOrLinkUser(auth: AuthContext, email: string, name: string): Promise<UserRow> {
  const sub = googleSubject(email);
  const identityData = {
    iss: "https://accounts.google.com",
    sub,
    provider_id: sub,
    email,
    email_verified: true,
    phone_verified: false,
    name,
    full_name: name,
    avatar_url: "",
    picture: "",
  };
  const identity = await auth.users.identityByProvider("google", sub);
  let user = identity ? await auth.users.byId(identity.user_id) : await auth.users.byEmail(email);
  if (!user) {
    user = await auth.users.create({
      email,
      passwordHash: null,
      userMetadata: identityData,
      appMetadata: { provider: "google", providers: ["google"] },
      confirmedAt: new Date(auth.now()),
    });
  } else if (!identity) {
    // An unconfirmed password was never proven to belong to this address's owner: it does not survive the link.
    if (!user.email_confirmed_at) await auth.users.setPassword(user.id, null);
    const app = user.raw_app_meta_data ?? {};
    const providers = Array.isArray(app.providers) ? app.providers.filter((p): p is string => typeof p === "string") : [];
    await auth.users.setMetadata(user.id, "app", {
      ...app,
      provider: typeof app.provider === "string" ? app.provider : "google",
      providers: [...new Set([...providers, "google"])],
    });
  }
  await auth.users.addIdentity(user.id, "google", sub, identityData);
  await auth.users.confirmEmail(user.id);
  return (await auth.users.byId(user.id)) as UserRow;
}

/** POST /callback: the consent form's answer. Continue signs in (code or session); Cancel is access_denied. */
async function callback(rc: RequestContext): Promise<void> {
  const { auth } = rc;
  const form = await readFormBody(rc.req);
  const rawState = form.get("state") ?? "";
  const state = decodeState(auth, rawState);
  if (!state) throw badRequest("bad_oauth_state", "OAuth state parameter is invalid or has expired");
  if (form.get("decision") !== "continue") {
    const denied = new AuthError(403, "access_denied", "The user cancelled the sign-in");
    return redirect(rc.res, errorRedirect(state.redirectTo, denied, true));
  }
  const name = (form.get("name") ?? "").trim() || "Google User";
  let email: string;
  try {
    email = normalizeEmail(form.get("email") ?? "");
  } catch {
    return renderConsent(rc, rawState, 400, { email: form.get("email") ?? "", name, error: "Enter a valid email address." });
  }
  auth.limiter.request("signIns", rc.ip);
  const user = await findOrLinkUser(auth, email, name);
  if (state.flowId) {
    const flow = await auth.flows.flowById(state.flowId);
    if (!flow) throw badRequest("flow_state_not_found", "No associated flow state found.");
    await auth.flows.issueCode(flow.id, user.id);
    return redirect(rc.res, withQuery(state.redirectTo, { code: flow.auth_code }));
  }
  const session = await issueSession(rc, user, "oauth");
  redirect(
    rc.res,
    withFragment(state.redirectTo, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: "bearer",
    }),
  );
}

export const googleRoutes: Route[] = [
  { method: "GET", path: "/authorize", open: true, handle: authorize },
  { method: "GET", path: "/local/google", open: true, handle: consent },
  { method: "POST", path: "/callback", open: true, handle: callback },
];
