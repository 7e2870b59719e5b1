import "server-only";
import { publicEnv } from "@/lib/public-env";
import type { BotSetupProgressResponse } from "@/lib/telegram/bot-setup-schemas";
import type { StoryPostLinkResponse } from "@/lib/telegram/story-post-schema";
import { qrPhonePath } from "@/lib/telegram/qr-phone-notice";
import type { TelegramAuthPayload } from "@/lib/telegram/telegram-auth-schemas";
import { emailLinkRedirect } from "../accounts/redirects";
import { createSessionClient, type CookieJar } from "../supabase/server";
import type { AuthUser } from "../auth/auth-user";
import { insertQrScan, markQrScanned, memberEmail, qrScanned, readBotSetup, saveBotSetup } from "../db/telegram/telegram-bot-setup";
import { insertStartToken, linkMemberWithProof } from "../db/telegram/telegram-links";
import { serverEnv } from "../env";
import { ApiError } from "../http/api-error";
import { log } from "../log";
import { latestStoryPostLink } from "../posts/story-post";
import { tellUnlinkedChat } from "./bot-linking";
import { verifyLinkProof } from "./link-proof";
import { checkLoginPayload } from "./login-widget";
import { hashSecretToken, newSecretToken } from "../security/secret-tokens";

export const START_TOKEN_TTL_MS = 30 * 60 * 1000;
export const QR_LINK_TTL_MS = 15 * 60 * 1000;
// SPEC §2: the QR continues on the phone at the walkthrough's second step.
export const QR_LANDING = "/dashboard?step=1&mobile=true&qr=true";

export const VERIFY_FAILED = "Failed to verify Telegram authentication";
export const LINK_FAILED = "Failed to link Telegram account. Please try again.";
export const LINK_SUCCEEDED = "Telegram account linked successfully!";

async function progressOf(userId: string): Promise<BotSetupProgressResponse> {
  const stored = await readBotSetup(userId);
  if (!stored) throw new ApiError("not_found", "No account record was found for this user.");
  return { ...stored.progress, completed: stored.completed };
}

export async function botSetupProgress(user: AuthUser): Promise<BotSetupProgressResponse> {
  return progressOf(user.id);
}

/** D16: a /story post's link also appears on the member's dashboard, the same link the bot sent. */
export async function memberStoryPostLink(user: AuthUser): Promise<StoryPostLinkResponse> {
  return { editLink: await latestStoryPostLink(user.id) };
}

/** POST /api/users/me/bot-setup: the member's own walkthrough fields, nobody else's. */
export async function updateBotSetup(user: AuthUser, currentStep: number, completedSteps: number[]): Promise<BotSetupProgressResponse> {
  const saved = await saveBotSetup(user.id, currentStep, completedSteps);
  if (!saved) throw new ApiError("not_found", "No account record was found for this user.");
  return { ...saved.progress, completed: saved.completed };
}

/** D15: a one-time deep link that opens the coach bot and links its chat to this member. */
export async function issueStartLink(user: AuthUser): Promise<{ url: string; expiresAt: string }> {
  const env = serverEnv();
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + START_TOKEN_TTL_MS);
  await insertStartToken(user.id, hashSecretToken(token), expiresAt);
  const url = new URL(`${env.TELEGRAM_LINK_URL.replace(/\/+$/, "")}/${env.TELEGRAM_BOT_USERNAME}`);
  url.searchParams.set("start", token);
  return { url: url.toString(), expiresAt: expiresAt.toISOString() };
}

/** The walkthrough's QR link: opening it on the phone is recorded, then the phone signs in by email. */
export async function issueQrLink(user: AuthUser): Promise<{ id: string; url: string; expiresAt: string }> {
  const token = newSecretToken();
  const id = hashSecretToken(token);
  const expiresAt = new Date(Date.now() + QR_LINK_TTL_MS);
  await insertQrScan(user.id, id, expiresAt);
  return { id, url: `${publicEnv.siteUrl}/api/telegram/qr/${token}`, expiresAt: expiresAt.toISOString() };
}

export async function qrLinkStatus(user: AuthUser, id: string): Promise<{ scanned: boolean }> {
  return { scanned: await qrScanned(user.id, id) };
}

/**
 * GET /api/telegram/qr/{token}: the phone opened the QR. The scan is recorded (the laptop is
 * polling for it) and a one-time sign-in link goes to the member's email, landing on the dashboard
 * at the walkthrough's next step. The phone itself goes to /auth, which says that link is on its
 * way (a phone already signed in goes straight on to that step), or that the code has lapsed and
 * how to get a new one. Where the phone goes is a fixed path on this site.
 */
export async function openQrLink(token: string, forwardFor: string | null): Promise<string> {
  const scan = await markQrScanned(hashSecretToken(token));
  if (!scan) return qrPhonePath("expired");
  // One email per QR code, however often the phone opens it.
  const email = scan.first ? await memberEmail(scan.userId) : null;
  if (email) await emailPhoneSignInLink(email, forwardFor);
  return qrPhonePath("sent", QR_LANDING);
}

/**
 * The one-time sign-in link for the phone (no new account). The phone holds no session yet and the
 * link signs in on whichever device opens it, so no cookies are kept; the phone's address goes
 * along so the auth service's per-address limits count it (D13).
 */
async function emailPhoneSignInLink(email: string, forwardFor: string | null): Promise<void> {
  const noCookies: CookieJar = { getAll: () => [], set: () => {} };
  const { error } = await createSessionClient(noCookies, forwardFor).auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: emailLinkRedirect(QR_LANDING) },
  });
  if (error) log.warn("QR sign-in link was not sent", { code: error.code, status: error.status });
}

/** D8: a login widget payload, accepted only with Telegram's hash and at most 24 h old. */
export function verifyTelegramAuth(payload: TelegramAuthPayload, now = new Date()): TelegramAuthPayload {
  if (checkLoginPayload(payload, serverEnv().TELEGRAM_BOT_TOKEN, now) !== "valid") throw new ApiError("unauthorized", VERIFY_FAILED);
  return payload;
}

/**
 * D8: links the signed-in member to the Telegram user the bot vouched for. The proof from the bot's
 * sign-in link is required (never a bare id) and the email must be the member's own. The
 * member asked for this on the dashboard's confirmation ("Link Telegram user X to your account?",
 * X the signed username or id); the proof links once, and a link it replaces is told so.
 */
export async function linkTelegramUserEmail(
  user: AuthUser,
  body: { telegram_id: string; telegram_username?: string | undefined; email: string; proof: string },
): Promise<{ message: string; telegramLinked: true }> {
  const env = serverEnv();
  if (!user.email || user.email.toLowerCase() !== body.email.trim().toLowerCase()) throw new ApiError("forbidden", LINK_FAILED);
  const username = body.telegram_username ?? null;
  const expiresAt = verifyLinkProof(body.telegram_id, username, body.proof, env.TELEGRAM_BOT_TOKEN, new Date());
  if (!expiresAt) throw new ApiError("unauthorized", LINK_FAILED);
  const telegramId = Number(body.telegram_id);
  const outcome = await linkMemberWithProof(
    user.id,
    { telegramUserId: telegramId, chatId: telegramId, username, firstName: null },
    { hash: hashSecretToken(body.proof), expiresAt },
    tellUnlinkedChat,
  );
  if (outcome.kind === "proof_used") throw new ApiError("unauthorized", LINK_FAILED);
  if (outcome.kind !== "linked") throw new ApiError("conflict", LINK_FAILED);
  return { message: LINK_SUCCEEDED, telegramLinked: true };
}
