"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/sonner";
import { Textarea } from "@/components/ui/textarea";
import { REJECTION_REASON_MAX, type StoryStatus } from "@/lib/operator/campaign-schemas";
import { saveProblems } from "./operator-api";
import { reviewStory } from "./campaign-api";

type Props = {
  storyId: string;
  voiceNumber: number;
  status: StoryStatus;
  /** False for a story with neither words nor a recording: it can be rejected, not approved. */
  canApprove: boolean;
};

/**
 * Approve (the story is shown on /magic and in the community stories grid at once) or Reject, with
 * an optional reason for the team; an approved story can be rejected (it is taken off /magic) and a
 * rejected one approved. The page then reloads its list.
 */
export function StoryReviewActions({ storyId, voiceNumber, status, canApprove }: Props) {
  const router = useRouter();
  const id = useId();
  const { busy, failure, run } = useWrite();
  const problems = failure ? saveProblems(failure) : null;
  // A refusal of the reason is said beside it; any other, below the buttons.
  const reasonError = problems?.fields.reason ?? null;
  const error = problems && !reasonError ? problems.message : null;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const story = `story #${voiceNumber.toLocaleString("en-US")}`;

  async function decide(decision: "approved" | "rejected") {
    const trimmed = reason.trim();
    const outcome = await run(() =>
      reviewStory(
        storyId,
        decision === "approved" ? { status: "approved" } : { status: "rejected", ...(trimmed ? { reason: trimmed } : {}) },
      ),
    );
    if (!outcome.ok) return;
    toast.success(decision === "approved" ? `Approved ${story}: it is shown on /magic.` : `Rejected ${story}: it is not shown.`);
    setRejecting(false);
    setReason("");
    router.refresh();
  }

  return (
    <div className="flex min-w-48 flex-col items-start gap-2">
      <div className="flex flex-wrap gap-2">
        {status !== "approved" && canApprove ? (
          <Button type="button" size="sm" disabled={busy} aria-label={`Approve ${story}`} onClick={() => decide("approved")}>
            Approve
          </Button>
        ) : null}
        {status !== "rejected" && !rejecting ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Reject ${story}`}
            onClick={() => setRejecting(true)}
          >
            Reject
          </Button>
        ) : null}
      </div>
      {!canApprove && status !== "approved" ? <p className="text-xs text-muted-foreground">Nothing to show until it is recorded.</p> : null}
      {rejecting ? (
        <form
          aria-label={`Reject ${story}`}
          noValidate
          className="flex w-full flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void decide("rejected");
          }}
        >
          <FormField id={`${id}-reason`} label="Reason (optional, for the team)" error={reasonError}>
            {(control) => (
              <Textarea {...control} rows={2} maxLength={REJECTION_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
            )}
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant="destructive" disabled={busy}>
              {busy ? "Saving…" : "Reject story"}
            </Button>
            <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      <p role="alert" className="max-w-56 text-xs text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}
