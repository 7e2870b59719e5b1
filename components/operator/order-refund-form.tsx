"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, inputStyles } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { Textarea } from "@/components/ui/textarea";
import { REFUND_REASONS, REFUND_REASON_LABELS, centsFromAmount, type RefundReason } from "@/lib/operator/order-schemas";
import { formatMoney } from "@/lib/pricing/money";
import { refundOrder } from "./operator-api";
import { ActionError, actionMessage } from "./action-error";
import { useFreshSignIn } from "./use-fresh-sign-in";

// D17, Orders: a refund in full or in part, a money action (the "Confirm it's you" dialog first
// when the operator's sign-in is not fresh). One request key per refund, kept until it succeeds.

export function RefundForm({ orderId, refundableCents, currency }: { orderId: string; refundableCents: number; currency: string }) {
  const id = useId();
  const { guard, dialog } = useFreshSignIn();
  const router = useRouter();
  const { busy, error, run } = useWrite({ message: actionMessage });
  const [amount, setAmount] = useState((refundableCents / 100).toFixed(2));
  const [reason, setReason] = useState<RefundReason>("requested_by_customer");
  const [note, setNote] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const key = useRef<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const amountCents = centsFromAmount(amount);
    if (amountCents === null || amountCents < 1) return setAmountError("Enter an amount such as 25.00.");
    if (amountCents > refundableCents) return setAmountError(`At most ${formatMoney(refundableCents, currency)} can be refunded.`);
    setAmountError(null);
    void refund(amountCents);
  }

  async function refund(amountCents: number) {
    const requestKey = (key.current ??= crypto.randomUUID());
    const outcome = await run(() => guard(() => refundOrder(orderId, { amountCents, reason, note: note.trim() || undefined, requestKey })));
    if (!outcome.ok) return;
    key.current = null;
    toast.success(
      `Refund of ${formatMoney(outcome.data.amountCents, currency)} sent to Stripe. The order updates when Stripe confirms it.`,
    );
    router.refresh();
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="Refund" className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          Up to {formatMoney(refundableCents, currency)} can be refunded. A full refund gives the seat back and ends the subscription; a
          partial one keeps both.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-amount`} label={`Amount (${currency.toUpperCase()})`} error={amountError}>
            {(control) => <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
          </FormField>
          <FormField id={`${id}-reason`} label="Reason">
            {(control) => (
              <select
                {...control}
                className={inputStyles}
                value={reason}
                onChange={(e) => setReason(REFUND_REASONS.find((r) => r === e.target.value) ?? "requested_by_customer")}
              >
                {REFUND_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {REFUND_REASON_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <FormField id={`${id}-note`} label="Note for the audit log (optional)">
          {(control) => <Textarea {...control} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />}
        </FormField>
        <div>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Refunding…" : "Refund"}
          </Button>
        </div>
        <ActionError error={error} />
      </form>
      {dialog}
    </>
  );
}
