"use client";

import { useId, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { MAX_PAYOUT_REFERENCE } from "@/lib/operator/affiliates";
import { payoutRequestSchema } from "@/lib/operator/affiliate-schemas";
import { formatMoney } from "@/lib/pricing/money";
import { markPaid } from "./affiliate-api";
import { saveProblems } from "./operator-api";
import { FreshSignInCancelled, useFreshSignIn } from "./use-fresh-sign-in";

/**
 * Records that the amount due now was paid, with the payment's reference. The request carries the
 * amount shown and a key of its own, so a second click or a resent request pays nothing twice: the
 * server answers that the payout is recorded, or that the amount due has changed. A money action
 * (D17): without a sign-in from the last 10 minutes it asks for the password, then sends the same
 * request again.
 */
export function MarkPaidForm({ affiliateId, dueCents }: { affiliateId: string; dueCents: number }) {
  const router = useRouter();
  const id = useId();
  const { guard, dialog } = useFreshSignIn();
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [reference, setReference] = useState("");
  const { busy, error, run, fail } = useWrite({
    message: (failure) =>
      failure instanceof FreshSignInCancelled ? failure.message : (saveProblems(failure).fields.reference ?? saveProblems(failure).message),
  });
  const amount = formatMoney(dueCents);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = payoutRequestSchema.safeParse({ amountCents: dueCents, reference, requestKey });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Give the payment's reference.");
    const outcome = await run(() => guard(() => markPaid(affiliateId, parsed.data)));
    if (!outcome.ok) return;
    const payout = outcome.data;
    toast.success(`${formatMoney(payout.amountCents, payout.currency)} recorded as paid.`);
    setReference("");
    setRequestKey(crypto.randomUUID());
    router.refresh();
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Mark due commission paid"
      className="flex max-w-xl flex-col gap-3 rounded-lg border bg-background p-4"
    >
      <p className="text-sm">
        Due now: <span className="font-semibold tabular-nums">{amount}</span>. Pay it first (a bank transfer, say), then record it here with
        the payment&apos;s reference.
      </p>
      <FormField id={`${id}-reference`} label="Payment reference" error={error} announceError>
        {(control) => (
          <Input {...control} required maxLength={MAX_PAYOUT_REFERENCE} value={reference} onChange={(e) => setReference(e.target.value)} />
        )}
      </FormField>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Recording…" : `Mark ${amount} paid`}
        </Button>
      </div>
      {dialog}
    </form>
  );
}
