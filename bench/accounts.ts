import { createHmac, randomBytes } from "node:crypto";
import { loadTest, type LoadOptions, type LoadResult } from "./load";
import { nextAddress } from "./payments";
import { benchMember, type AuthEnv } from "./referrals";

// The account endpoints under load: the auth routes in front of the Auth stand-in (each from a new
// client address, and a new email where the per-address limits count one), and a signed-in member's
// own reads and writes (cohort, profile, badges, subscription, the coach bot's QR link).

const run = Date.now().toString(36);
let counter = 0;
const freshEmail = () => `bench-acct-${run}-${++counter}@example.com`;
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  body: JSON.stringify(body),
  headers: { "content-type": "application/json", "x-real-ip": nextAddress(), ...headers },
});

/** The proof the coach bot puts in its sign-in link (server/telegram/link-proof.ts), signed with the bot token for an id and username. */
function linkProof(telegramId: string, username: string, botToken: string): string {
  const key = createHmac("sha256", "glucosechallenge telegram link proof").update(botToken).digest();
  const expiresAt = Math.floor(Date.now() / 1000) + 30 * 60;
  return `${expiresAt}.${createHmac("sha256", key).update(`telegram-link:${telegramId}:${username}:${expiresAt}`).digest("base64url")}`;
}

/** POST /api/auth/*: sign-in, sign-up, sign-in link, password reset, sign-out, set-up link check, Telegram link. */
export async function loadAuthRoutes(
  baseUrl: string,
  env: AuthEnv,
  botToken: string,
  opts: LoadOptions,
): Promise<Record<string, LoadResult>> {
  const url = (path: string) => new URL(path, baseUrl).toString();
  const member = await benchMember(env);
  const results: Record<string, LoadResult> = {};
  console.log(
    "[bench] load the auth endpoints (sign-in, sign-up, sign-in-link, forgot-password, sign-out, verify-email, link-telegram-user-email)",
  );
  results["POST /api/auth/sign-in"] = await loadTest(
    url("/api/auth/sign-in"),
    opts,
    () => ({ method: "POST", ...json({ email: member.email, password: member.password }) }),
    "a bench member's password from a new address each: the Auth stand-in's password check, session cookies",
  );
  results["POST /api/auth/sign-up"] = await loadTest(
    url("/api/auth/sign-up"),
    opts,
    () => ({ method: "POST", ...json({ email: freshEmail(), password: "a-long-enough-bench-password", next: "/dashboard" }) }),
    "a new email each: an account and its confirmation email",
  );
  results["POST /api/auth/sign-in-link"] = await loadTest(
    url("/api/auth/sign-in-link"),
    opts,
    () => ({ method: "POST", ...json({ email: member.email, next: "/dashboard" }) }),
    "the bench member's address from a new client each: a one-time link emailed",
  );
  results["POST /api/auth/forgot-password"] = await loadTest(
    url("/api/auth/forgot-password"),
    opts,
    () => ({ method: "POST", ...json({ email: member.email }) }),
    "the bench member's address from a new client each: a reset link emailed",
  );
  results["POST /api/auth/sign-out"] = await loadTest(
    url("/api/auth/sign-out"),
    opts,
    () => ({ method: "POST", headers: { "x-real-ip": nextAddress() } }),
    "no session cookie: clears the cookies (signing the bench member out would end its session)",
  );
  results["POST /api/auth/verify-email"] = await loadTest(
    url("/api/auth/verify-email"),
    opts,
    () => ({ method: "POST", ...json({ action: "validate", token: randomBytes(32).toString("base64url"), email: "bench@example.com" }) }),
    "validate a set-up link the database does not have: token hash lookup, the 'invalid link' answer",
  );
  const telegramId = String(7_000_000_000 + (Date.now() % 1_000_000));
  // A proof links once: each request carries a new one, the username making it unique.
  let proofs = 0;
  results["POST /api/auth/link-telegram-user-email"] = await loadTest(
    url("/api/auth/link-telegram-user-email"),
    opts,
    () => {
      const username = `bench_${++proofs}`;
      const body = {
        telegram_id: telegramId,
        telegram_username: username,
        email: member.email,
        proof: linkProof(telegramId, username, botToken),
      };
      return { method: "POST", ...json(body, { authorization: `Bearer ${member.token}` }) };
    },
    "a signed-in member and a new bot proof for one Telegram id, from a new address each: proof check, the proof recorded as used and the link (again) in a transaction",
  );
  return results;
}

/**
 * A signed-in member's own endpoints: cohort (list, one, eligibility, enrol, participants), profile
 * and its time zone, the operator flag (also as an operator: `operatorToken`), badges, subscription, QR link.
 */
export async function loadMemberRoutes(
  baseUrl: string,
  env: AuthEnv,
  cohortId: string,
  operatorToken: string,
  opts: LoadOptions,
): Promise<Record<string, LoadResult>> {
  const url = (path: string) => new URL(path, baseUrl).toString();
  const { token } = await benchMember(env);
  const bearer = { authorization: `Bearer ${token}` };
  const get = () => ({ method: "GET" as const, headers: { ...bearer, "x-real-ip": nextAddress() } });
  const post = () => ({ method: "POST" as const, headers: { ...bearer, "x-real-ip": nextAddress() } });
  const results: Record<string, LoadResult> = {};
  console.log(
    "[bench] load the member's cohort, profile, time zone, programme messages and feedback, operator flag, badges, subscription and QR-link endpoints",
  );
  results["GET /api/cohorts/{id}/eligibility"] = await loadTest(
    url(`/api/cohorts/${cohortId}/eligibility`),
    opts,
    get,
    "a member without a seat, a bench cohort",
  );
  results["POST /api/cohorts/{id}/enroll"] = await loadTest(
    url(`/api/cohorts/${cohortId}/enroll`),
    opts,
    post,
    "a member without a paid order, from a new address each: the eligibility answer",
  );
  results["GET /api/cohorts/{id}/participants"] = await loadTest(
    url(`/api/cohorts/${cohortId}/participants`),
    opts,
    get,
    "a member asking for a cohort's participants",
  );
  results["GET /api/cohorts/user/current"] = await loadTest(url("/api/cohorts/user/current"), opts, get, "the member's current cohort");
  results["GET /api/cohorts/user/history"] = await loadTest(url("/api/cohorts/user/history"), opts, get, "every cohort the member joined");
  results["GET /api/users/me"] = await loadTest(url("/api/users/me"), opts, get, "the member's account row");
  results["PATCH /api/users/me"] = await loadTest(
    url("/api/users/me"),
    opts,
    () => ({
      method: "PATCH",
      body: JSON.stringify({ timeZone: "America/Los_Angeles" }),
      headers: { ...bearer, "content-type": "application/json", "x-real-ip": nextAddress() },
    }),
    "the member's time zone from a new address each: the zone checked against Intl, one update (the same zone each time)",
  );
  results["GET /api/programme/preferences"] = await loadTest(
    url("/api/programme/preferences"),
    opts,
    get,
    "the member's programme messages: hour, channel, pause, bot link and zone (one query)",
  );
  results["PATCH /api/programme/preferences"] = await loadTest(
    url("/api/programme/preferences"),
    opts,
    () => ({
      method: "PATCH",
      body: JSON.stringify({ morningHour: 7, paused: false }),
      headers: { ...bearer, "content-type": "application/json", "x-real-ip": nextAddress() },
    }),
    "the member's hour and pause from a new address each: one upsert and the read back (the same values each time)",
  );
  results["GET /api/programme/feedback"] = await loadTest(url("/api/programme/feedback"), opts, get, "a member never asked: status none");
  results["POST /api/programme/feedback"] = await loadTest(
    url("/api/programme/feedback"),
    opts,
    () => ({
      method: "POST",
      body: JSON.stringify({ score: 5, comment: "bench" }),
      headers: { ...bearer, "content-type": "application/json", "x-real-ip": nextAddress() },
    }),
    "a member never asked, from a new address each: the refusal (403) after the live-session check and one read",
  );
  results["GET /api/users/me/operator"] = await loadTest(
    url("/api/users/me/operator"),
    opts,
    get,
    "a member who is not an operator: the live-session role check (false)",
  );
  results["GET /api/users/me/operator (operator)"] = await loadTest(
    url("/api/users/me/operator"),
    opts,
    () => ({ method: "GET", headers: { authorization: `Bearer ${operatorToken}`, "x-real-ip": nextAddress() } }),
    "an operator granted by `npm run operator`: the live-session role check (true)",
  );
  results["GET /api/users/me/badges"] = await loadTest(url("/api/users/me/badges"), opts, get, "the member's badges (none: no pledge)");
  results["GET /api/payment/subscription"] = await loadTest(
    url("/api/payment/subscription"),
    opts,
    get,
    "the member's subscription (none)",
  );
  results["POST /api/telegram/qr-link"] = await loadTest(
    url("/api/telegram/qr-link"),
    opts,
    post,
    "a new QR link from a new address each: one hashed token insert",
  );
  const qr = await fetch(url("/api/telegram/qr-link"), post());
  const link = ((await qr.json()) as { data?: { id?: string; url?: string } }).data;
  if (!link?.id || !link.url) throw new Error(`POST /api/telegram/qr-link answered ${qr.status}`);
  results["GET /api/telegram/qr-link/status"] = await loadTest(
    url(`/api/telegram/qr-link/status?id=${link.id}`),
    opts,
    get,
    "the walkthrough polling its QR link",
  );
  const qrToken = new URL(link.url).pathname.split("/").pop() ?? "";
  results["GET /api/telegram/qr/{token}"] = await loadTest(
    url(`/api/telegram/qr/${qrToken}`),
    opts,
    () => ({ method: "GET", headers: { "x-real-ip": nextAddress() } }),
    "the phone opening the QR link, from a new address each: the scan recorded, a 303",
  );
  return results;
}
