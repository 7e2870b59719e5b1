"use client";

import { useId, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/sonner";
import { MAX_HOLD_REASON, type PayoutHold } from "@/lib/operator/affiliates";
import { payoutHoldRequestSchema } from "@/lib/operator/affiliate-schemas";
import { holdPayouts, releasePayouts } from "./affiliate-api";
import { saveProblems } from "./operator-api";

const utc = (date: Date) => date.toISOString().replace("T", " ").slice(0, 16);

/** Holds a suspicious affiliate's payouts with a reason, or releases them; the page then reloads its data. */
export function PayoutHoldPanel({ affiliateId, hold }: { affiliateId: string; hold: PayoutHold | null }) {
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState("");
  const write = useWrite({ message: (failure) => saveProblems(failure).fields.reason ?? saveProblems(failure).message });
  const { busy, error } = write;

  async function run(change: () => Promise<unknown>, done: string) {
    if (!(await write.run(change)).ok) return;
    toast.success(done);
    setReason("");
    router.refresh();
  }

  function onHold(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = payoutHoldRequestSchema.safeParse({ reason });
    if (!parsed.success) return write.fail(parsed.error.issues[0]?.message ?? "Give the reason for the hold.");
    void run(() => holdPayouts(affiliateId, parsed.data.reason), "Payouts held. Their commission still accrues.");
  }

  if (hold) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-background p-4">
        <p className="text-sm">
          <span className="font-semibold">Payouts on hold</span> since {utc(hold.heldAt)} UTC, placed by {hold.heldBy}.
        </p>
        <p className="whitespace-pre-wrap break-words text-sm">Reason: {hold.reason}</p>
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => void run(() => releasePayouts(affiliateId), "Hold released. Their due commission is paid again.")}
        >
          {busy ? "Saving…" : "Release the hold"}
        </Button>
        <p role="alert" className="text-sm text-destructive empty:hidden">
          {error}
        </p>
      </div>
    );
  }
  return (
    <form
      onSubmit={onHold}
      noValidate
      aria-label="Hold payouts"
      className="flex max-w-xl flex-col gap-3 rounded-lg border bg-background p-4"
    >
      <FormField
        id={`${id}-reason`}
        label="Reason"
        hint="Shown to operators with the hold. Their commission still accrues; nothing is paid until the hold is released."
        error={error}
        announceError
      >
        {(control) => (
          <Textarea {...control} rows={2} maxLength={MAX_HOLD_REASON} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </FormField>
      <div>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Saving…" : "Hold payouts"}
        </Button>
      </div>
    </form>
  );
}
