"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/sonner";
import { Textarea } from "@/components/ui/textarea";
import { WAITLIST_REMOVAL_REASON_MAX } from "@/lib/operator/waitlist-entry";
import { ActionError, actionMessage } from "./action-error";
import { saveProblems } from "./operator-api";
import { removeWaitlistEntry } from "./waitlist-api";

/**
 * Remove, for an entry still waiting: asks for the reason (kept for the team and in the audit log),
 * then takes the entry off the waitlist and reloads the list. Cancel leaves it as it was.
 */
export function WaitlistRemoveAction({ entryId, email }: { entryId: string; email: string }) {
  const id = useId();
  const router = useRouter();
  const { busy, error, failure, run } = useWrite({ message: actionMessage });
  const { fields } = saveProblems(failure);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");

  async function remove() {
    if (!(await run(() => removeWaitlistEntry(entryId, reason.trim()))).ok) return;
    toast.success(`Removed ${email} from the waitlist.`);
    router.refresh();
    setOpen(false);
    setReason("");
  }

  return (
    <div className="flex min-w-40 flex-col items-start gap-2">
      {open ? (
        <form
          aria-label={`Remove ${email} from the waitlist`}
          noValidate
          className="flex w-full flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void remove();
          }}
        >
          <FormField id={`${id}-reason`} label="Reason (for the team)" error={fields.reason}>
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                required
                maxLength={WAITLIST_REMOVAL_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant="destructive" disabled={busy}>
              {busy ? "Removing…" : "Remove entry"}
            </Button>
            <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button type="button" size="sm" variant="outline" aria-label={`Remove ${email} from the waitlist`} onClick={() => setOpen(true)}>
          Remove
        </Button>
      )}
      {fields.reason ? null : <ActionError error={error} />}
    </div>
  );
}
