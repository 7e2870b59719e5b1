"use client";

import { useState } from "react";
import { MailX } from "lucide-react";
import { apiRequest } from "@/components/api/api-request";
import { ApiRequestError } from "@/components/api/api-request-error";
import { Button } from "@/components/ui/button";
import { UNSUBSCRIBE_INVALID, unsubscribeResultSchema, type UnsubscribeResult } from "@/lib/operator/announcement-schemas";

const FAILED = "We couldn't unsubscribe you just now. Please try again in a moment.";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Where an announcement's unsubscribe link leads. Opening it changes nothing (a mail scanner
 * following the link unsubscribes nobody): the reader presses the button.
 */
export function UnsubscribeConfirmation({ email, token }: { email: string; token: string }) {
  const valid = TOKEN.test(token) && email.includes("@");
  const [result, setResult] = useState<UnsubscribeResult | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(valid ? null : UNSUBSCRIBE_INVALID);

  async function onUnsubscribe() {
    setSending(true);
    setError(null);
    try {
      setResult(await apiRequest({ method: "POST", path: "/api/announcements/unsubscribe", body: { email, token }, schema: unsubscribeResultSchema, fallback: FAILED }));
    } catch (failure) {
      setError(failure instanceof ApiRequestError && failure.fromServer && failure.status < 500 ? (failure.details[0]?.message ?? failure.message) : FAILED);
    } finally {
      setSending(false);
    }
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
      {valid ? <p className="text-muted-foreground">Press the button and {email} will receive no more announcements from the team.</p> : null}
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
