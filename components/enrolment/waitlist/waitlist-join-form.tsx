"use client";

import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "@/components/api/api-request-error";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EMAIL_MAX_LENGTH, emailProblem } from "@/lib/email/email-address";
import { JOIN_WAITLIST, WAITLIST_JOINED, WAITLIST_QUEUED } from "@/lib/waitlist/waitlist-schemas";
import { cohortKeys } from "../cohorts/cohort-query-keys";
import { joinCohortWaitlist, waitlistProblem } from "./waitlist-api";

/**
 * D17: "Join the waitlist" on a full cohort's card: a button that opens a one-field form. The
 * answer is the same for every address (the server tells nobody who is on a list); the address is
 * queued once it confirms the link it is emailed, or at once for a signed-in member's own address
 * (the answer says so). A cohort with a free place again is refetched.
 */
export function WaitlistJoinForm({ cohortId, cohortName }: { cohortId: string; cohortName: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const write = useWrite({
    message: waitlistProblem,
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) void queryClient.invalidateQueries({ queryKey: cohortKeys.all });
    },
  });
  const { busy: sending, error: problem } = write;
  const [joined, setJoined] = useState<"sent" | "queued" | null>(null);

  if (joined) {
    return (
      <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
        {joined === "queued" ? WAITLIST_QUEUED : WAITLIST_JOINED}
      </p>
    );
  }

  if (!open) {
    return (
      <Button variant="outline" className="w-full" onClick={() => setOpen(true)}>
        {JOIN_WAITLIST} <span className="sr-only">for {cohortName}</span>
      </Button>
    );
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = emailProblem(email);
    if (typed) {
      write.fail(typed);
      return;
    }
    const outcome = await write.run(() => joinCohortWaitlist(cohortId, { email }));
    if (outcome.ok) setJoined(outcome.data.queued ? "queued" : "sent");
  }

  return (
    <form noValidate onSubmit={submit} aria-label={`${JOIN_WAITLIST} for ${cohortName}`} className="flex flex-col gap-2">
      <Label htmlFor={`${id}-email`}>Your email</Label>
      <Input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        autoFocus
        maxLength={EMAIL_MAX_LENGTH}
        value={email}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : `${id}-help`}
        onChange={(event) => {
          setEmail(event.target.value);
          write.reset();
        }}
      />
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          We email you when a place frees up, and hold it for you for 24 hours.
        </p>
      )}
      <Button type="submit" disabled={sending}>
        {sending ? "Sending…" : JOIN_WAITLIST}
      </Button>
    </form>
  );
}
