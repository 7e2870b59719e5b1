import "server-only";
import { authMessages } from "@/lib/auth/auth-messages";
import { normaliseEmail } from "@/lib/email/email-address";
import { findAccountSetupToken, redeemAccountSetupToken } from "../db/account-setup-tokens";
import { confirmedAccountExists } from "../db/users";
import { ApiError } from "../http/api-error";
import { log } from "../log";
import { createAdminClient } from "../supabase/admin";
import { hashSetupToken } from "./account-setup-link";

const invalidLink = () => new ApiError("invalid_link", authMessages.verificationFailed.description);

async function usableToken(token: string, email: string) {
  const found = await findAccountSetupToken(hashSetupToken(token));
  if (!found || found.usedAt || found.expiresAt.getTime() <= Date.now() || found.email !== email) return null;
  return found;
}

/** action 'validate': the link is good; tells the page whether the address already has an account. */
export async function validateAccountSetupLink(token: string, email: string): Promise<{ valid: true; email: string; hasAccount: boolean }> {
  if (!(await usableToken(token, email))) throw invalidLink();
  return { valid: true, email, hasAccount: await confirmedAccountExists(email) };
}

/**
 * action 'complete' (D2): the buyer has just created (or signed in to) the account `authId`. The
 * account must have the link's address; the link is used once; the paid order, its seat and its
 * subscription move to the account, and the address counts as confirmed (the link proves it).
 */
export async function completeAccountSetup(token: string, email: string, authId: string): Promise<{ verified: true; email: string }> {
  const link = await usableToken(token, email);
  if (!link) throw invalidLink();
  const admin = createAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(authId);
  if (error || !data.user?.email || normaliseEmail(data.user.email) !== email) {
    throw new ApiError("forbidden", "This account does not match the verification link.");
  }
  if (!data.user.email_confirmed_at) {
    // Only an account created for this link may be confirmed by it. An unconfirmed account that
    // already existed could belong to someone who registered the buyer's address with their own
    // password; its owner proves themself by confirming it (or resetting the password) first.
    if (new Date(data.user.created_at).getTime() < link.createdAt.getTime()) {
      throw new ApiError(
        "conflict",
        "An unconfirmed account already uses this address. Confirm it from its email (or reset its password), then open this link again.",
      );
    }
    const confirmed = await admin.auth.admin.updateUserById(authId, { email_confirm: true });
    if (confirmed.error) {
      log.error("Could not confirm the email of a new account", { authId, error: confirmed.error });
      throw new ApiError("unavailable", authMessages.verificationError.description);
    }
  }
  if (!(await redeemAccountSetupToken(hashSetupToken(token), email, authId))) throw invalidLink();
  return { verified: true, email };
}
