import * as z from "zod/mini";
import { toast } from "@/components/ui/sonner";
import { authMessages } from "@/lib/auth/auth-messages";
import { storageKeys } from "@/lib/storage-keys";
import { createClient } from "./supabase-browser";
import { completeVerification, type VerificationLink } from "./verify-email/verify-email-api";

// What the verify-email page keeps while the visitor is away at Google. Read back through the
// schema: anything else under the key (hand-edited, an older shape) counts as nothing pending.
const pendingVerificationSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  email: z.string().check(z.minLength(3), z.maxLength(320)),
});

export type PendingVerification = z.output<typeof pendingVerificationSchema>;

/** Keeps the link's token and email for /auth/callback; false when storage is unavailable. */
export function rememberPendingVerification(link: VerificationLink): boolean {
  try {
    localStorage.setItem(storageKeys.pendingVerification, JSON.stringify({ token: link.token, email: link.email }));
    return true;
  } catch {
    return false;
  }
}

export function forgetPendingVerification(): void {
  try {
    localStorage.removeItem(storageKeys.pendingVerification);
  } catch {
    // Storage can be unavailable (privacy settings); then nothing is stored to remove.
  }
}

/** The stored pending verification, or null when there is none or it is unreadable (then it is removed). */
export function readPendingVerification(): PendingVerification | null {
  let text: string | null;
  try {
    text = localStorage.getItem(storageKeys.pendingVerification);
  } catch {
    return null;
  }
  if (text === null) return null;
  let parsed: PendingVerification | null = null;
  try {
    const result = pendingVerificationSchema.safeParse(JSON.parse(text));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  if (!parsed) forgetPendingVerification();
  return parsed;
}

async function completeForSignedInUser(pending: PendingVerification): Promise<boolean> {
  try {
    const { data, error } = await createClient().auth.getUser();
    if (error || !data.user) {
      console.error("No signed-in user to complete the verification for", error);
      return false;
    }
    const result = await completeVerification(pending, data.user.id);
    if (!result.ok) console.error("The verification could not be completed", result.status, result.code, result.message);
    return result.ok;
  } catch (error) {
    console.error("The verification could not be completed", error);
    return false;
  }
}

export type PendingVerificationOutcome = "none" | "verified" | "failed";

/**
 * SPEC §2: an auth callback with verify=true completes the pending verification that the
 * verify-email page stored before sending the visitor to Google: the signed-in account gets the
 * link's confirmed address and purchase (D2). The record is used once, whatever the outcome.
 * Never throws.
 */
export async function completePendingVerification(): Promise<PendingVerificationOutcome> {
  const pending = readPendingVerification();
  if (!pending) return "none";
  const verified = await completeForSignedInUser(pending);
  forgetPendingVerification();
  if (verified) {
    toast.success(authMessages.accountVerified.title, { id: "account-verified" });
    return "verified";
  }
  toast.error(authMessages.verificationWarning.title, {
    id: "verification-warning",
    description: authMessages.verificationWarning.description,
  });
  return "failed";
}
