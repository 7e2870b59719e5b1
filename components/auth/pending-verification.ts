import { toast } from "@/components/ui/sonner";
import { authMessages } from "@/lib/auth-messages";
import { storageKeys } from "@/lib/storage-keys";

/**
 * SPEC §2: an auth callback with verify=true completes the pending verification that the
 * verify-email page stored (its token and email). For now that means clearing the stored record
 * and confirming; the verify-email flow brings the server call that marks the account verified.
 * Returns whether there was a pending verification.
 */
export function completePendingVerification(): boolean {
  try {
    if (localStorage.getItem(storageKeys.pendingVerification) === null) return false;
    localStorage.removeItem(storageKeys.pendingVerification);
  } catch {
    // Storage can be unavailable (privacy settings); then nothing is pending here.
    return false;
  }
  toast.success(authMessages.accountVerified.title, { id: "account-verified" });
  return true;
}
