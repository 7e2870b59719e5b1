"use client";

import { useState } from "react";
import { MailX } from "lucide-react";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { UNSUBSCRIBE_INVALID, type UnsubscribeResult } from "@/lib/operator/announcement-schemas";
import { unsubscribe, unsubscribeProblem } from "./announcements-api";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Where an announcement's unsubscribe link leads. Opening it changes nothing (a mail scanner
 * following the link unsubscribes nobody): the reader presses the button.
 */
export function UnsubscribeConfirmation({ email, token }: { email: string; token: string }) {
  const valid = TOKEN.test(token) && email.includes("@");
  const [result, setResult] = useState<UnsubscribeResult | null>(null);
  const write = useWrite({ message: unsubscribeProblem });
  const sending = write.busy;
  // A link that cannot be right is said at once; the button is not offered.
  const error = valid ? write.error : UNSUBSCRIBE_INVALID;

  async function onUnsubscribe() {
    const outcome = await write.run(() => unsubscribe(email, token));
    if (outcome.ok) setResult(outcome.data);
  }

  if (result) {
    return (
      <div role="status" className="flex flex-col items-center gap-4">
        <MailX aria-hidden="true" className="size-12 text-primary" />
        <h1 className="text-3xl font-bold">You are unsubscribed</h1>
        <p className="text-muted-foreground">
          {result.status === "already-unsubscribed" ? "You had already unsubscribed. " : ""}
          {email} will receive no more cohort announcements. Receipts and emails about your own order and account still arrive.
        </p>
      </div>
    );
  }

  return (
    <>
      <MailX aria-hidden="true" className="size-12 text-primary" />
      <h1 className="text-3xl font-bold">Unsubscribe from cohort announcements</h1>
      {valid ? (
        <p className="text-muted-foreground">Press the button and {email} will receive no more announcements from the team.</p>
      ) : null}
      <p role="alert" className="min-h-5 text-sm text-destructive">
        {error}
      </p>
      {valid ? (
        <Button size="lg" onClick={onUnsubscribe} disabled={sending}>
          {sending ? "Unsubscribing…" : "Unsubscribe"}
        </Button>
      ) : null}
    </>
  );
}
