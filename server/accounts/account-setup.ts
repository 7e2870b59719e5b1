import "server-only";
import { authMessages } from "@/lib/auth/auth-messages";
import { normaliseEmail } from "@/lib/email/email-address";
import { findAccountSetupToken, redeemAccountSetupToken } from "../db/accounts/account-setup-tokens";
import { confirmedAccountExists, findAuthAccountByEmail } from "../db/accounts/users";
import { ApiError } from "../http/api-error";
import { log } from "../log";
import { createAdminClient } from "../supabase/admin";
import { hashSecretToken } from "../security/secret-tokens";
import { toApiError } from "./auth-service-error";

export type AccountSetupResult = { verified: true; email: string };

const NOT_CONFIRMED = "This account's email address is not confirmed. Create your account with a password on this page instead.";

const invalidLink = () => new ApiError("invalid_link", authMessages.verificationFailed.description);
const setupFailed = () => new ApiError("unavailable", authMessages.verificationError.description);

async function usableToken(token: string, email: string) {
  const found = await findAccountSetupToken(hashSecretToken(token));
  if (!found || found.usedAt || found.expiresAt.getTime() <= Date.now() || found.email !== email) return null;
  return found;
}

/** Uses the link once for the account and gives it the purchases made with the address. */
async function redeem(token: string, email: string, userId: string): Promise<AccountSetupResult> {
  if (!(await redeemAccountSetupToken(hashSecretToken(token), email, userId))) throw invalidLink();
  return { verified: true, email };
}

/** action 'validate': the link is good; tells the page whether the address already has an account. */
export async function validateAccountSetupLink(token: string, email: string): Promise<{ valid: true; email: string; hasAccount: boolean }> {
  if (!(await usableToken(token, email))) throw invalidLink();
  return { valid: true, email, hasAccount: await confirmedAccountExists(email) };
}

/**
 * action 'complete' with a password (D2): the link proves the address, so the account is
 * created here, confirmed, with the password the buyer chose on the page. An unconfirmed account
 * someone registered with the address earlier is replaced: its password, sessions and refresh
 * tokens go with it. A confirmed account keeps its owner: the buyer signs in to it instead (409).
 */
async function createAccountFromSetupLink(token: string, email: string, password: string): Promise<AccountSetupResult> {
  if (!(await usableToken(token, email))) throw invalidLink();
  const admin = createAdminClient();
  // Twice at most: someone may register the address again between the removal and the creation.
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await findAuthAccountByEmail(email);
    if (existing?.confirmed) throw new ApiError("conflict", authMessages.alreadyRegistered);
    if (existing) {
      const removed = await admin.auth.admin.deleteUser(existing.id);
      if (removed.error && removed.error.status !== 404) {
        log.error("Could not remove an unconfirmed account for a set-up link", { error: removed.error, userId: existing.id });
        throw setupFailed();
      }
    }
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.data.user) return redeem(token, email, created.data.user.id);
    if (created.error?.code !== "email_exists") throw created.error ? toApiError(created.error, "account set-up") : setupFailed();
  }
  throw setupFailed();
}

/**
 * action 'complete' with `authId` (D2): the buyer has just signed in to the confirmed account
 * `authId` (with Google, which proves the address itself, or with that account's password). The
 * account must have the link's address and a confirmed one: the link never confirms an account
 * whose password someone else may have chosen.
 */
async function linkSignedInAccount(token: string, email: string, authId: string): Promise<AccountSetupResult> {
  if (!(await usableToken(token, email))) throw invalidLink();
  const { data, error } = await createAdminClient().auth.admin.getUserById(authId);
  if (error || !data.user?.email || normaliseEmail(data.user.email) !== email) {
    throw new ApiError("forbidden", "This account does not match the verification link.");
  }
  if (!data.user.email_confirmed_at) throw new ApiError("conflict", NOT_CONFIRMED);
  return redeem(token, email, authId);
}

/** action 'complete': with the page's password, or for the account the buyer signed in to. */
export async function completeAccountSetup(body: {
  token: string;
  email: string;
  password?: string;
  authId?: string;
}): Promise<AccountSetupResult> {
  if (body.password !== undefined) return createAccountFromSetupLink(body.token, body.email, body.password);
  if (body.authId !== undefined) return linkSignedInAccount(body.token, body.email, body.authId);
  throw new ApiError("validation_failed", "Send either the new account's password or the id of the account you signed in to.");
}
