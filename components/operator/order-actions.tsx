"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { inputStyles } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { moveOrderCohort, resendReceipt, resendSetupLink } from "./operator-api";
import { ActionError, actionMessage } from "./action-error";
import { RefundForm } from "./order-refund-form";

// D17, Orders: what an operator can do with an order. Each press carries a request key made
// for it, so a double click or a retried request is one change on the server.

export type OrderActionsProps = {
  orderId: string;
  /** The order is paid (refunded in part at most). */
  paid: boolean;
  email: string | null;
  /** Paid by a buyer who has no account yet: a set-up link can be sent. */
  canSendSetupLink: boolean;
  /** The cohort of the order's paid seat; null without one (nothing to move). */
  seatCohortId: string | null;
  /**
   * Cohorts the seat can move to (not ended), with what the operator needs to choose; a running
   * one with what the member misses ("This cohort is on day 10 of 14: …"), to confirm first.
   */
  cohorts: { id: string; label: string; runningWarning: string | null }[];
  refundableCents: number;
  currency: string;
};

function ResendButton({
  label,
  busyLabel,
  send,
  done,
}: {
  label: string;
  busyLabel: string;
  send: (requestKey: string) => Promise<{ queued: boolean }>;
  done: string;
}) {
  const router = useRouter();
  const { busy, error, run } = useWrite({ message: actionMessage });
  const key = useRef<string | null>(null);
  async function resend() {
    const requestKey = (key.current ??= crypto.randomUUID());
    if (!(await run(() => send(requestKey))).ok) return;
    key.current = null;
    toast.success(done);
    router.refresh();
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <Button type="button" variant="outline" disabled={busy} onClick={() => void resend()}>
        {busy ? busyLabel : label}
      </Button>
      <ActionError error={error} />
    </div>
  );
}

function MoveCohortForm({ orderId, cohorts }: { orderId: string; cohorts: OrderActionsProps["cohorts"] }) {
  const id = useId();
  const router = useRouter();
  const { busy, error, run } = useWrite({ message: actionMessage });
  const [cohortId, setCohortId] = useState("");
  // The confirmation is for one cohort: choosing another asks again.
  const [confirmed, setConfirmed] = useState(false);
  const warning = cohorts.find((cohort) => cohort.id === cohortId)?.runningWarning ?? null;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!cohortId || (warning && !confirmed)) return;
    void move(cohortId, warning !== null && confirmed);
  }
  async function move(to: string, confirmRunning: boolean) {
    const outcome = await run(() => moveOrderCohort(orderId, to, confirmRunning));
    if (!outcome.ok) return;
    setConfirmed(false);
    const moved = outcome.data;
    toast.success(moved.moved ? `Moved to ${moved.cohortName}. The member is emailed.` : `The seat is in ${moved.cohortName} already.`);
    router.refresh();
  }
  return (
    <form onSubmit={onSubmit} aria-label="Move to another cohort" className="flex flex-col gap-3">
      <FormField id={`${id}-cohort`} label="Move the seat to" hint="The plan and what was paid stay as they are. A full cohort is refused.">
        {(control) => (
          <select
            {...control}
            className={inputStyles}
            value={cohortId}
            onChange={(e) => {
              setCohortId(e.target.value);
              setConfirmed(false);
            }}
            required
          >
            <option value="">Choose a cohort…</option>
            {cohorts.map((cohort) => (
              <option key={cohort.id} value={cohort.id}>
                {cohort.label}
                {cohort.runningWarning ? " · running" : ""}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {warning ? (
        <div
          className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="running-cohort-warning"
        >
          <p id={`${id}-running`}>{warning}</p>
          <div className="flex items-start gap-2">
            <input
              type="checkbox"
              id={`${id}-confirm`}
              className="mt-0.5 size-5 shrink-0 accent-primary"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
              aria-describedby={`${id}-running`}
            />
            <label htmlFor={`${id}-confirm`} className="leading-5">
              Move the seat into this running cohort anyway
            </label>
          </div>
        </div>
      ) : null}
      <div>
        <Button type="submit" variant="outline" disabled={busy || !cohortId || (warning !== null && !confirmed)}>
          {busy ? "Moving…" : "Move seat"}
        </Button>
      </div>
      <ActionError error={error} />
    </form>
  );
}

export function OrderActions(props: OrderActionsProps) {
  const { orderId, paid, email } = props;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="emails-heading" className="flex flex-col gap-4 rounded-lg border bg-background p-5">
        <h3 id="emails-heading" className="font-semibold">
          Emails
        </h3>
        {paid && email ? (
          <>
            <ResendButton
              label="Resend receipt"
              busyLabel="Queueing…"
              send={(key) => resendReceipt(orderId, key)}
              done={`The receipt is on its way to ${email}.`}
            />
            {props.canSendSetupLink ? (
              <div className="flex flex-col gap-1">
                <ResendButton
                  label="Send a new set-up link"
                  busyLabel="Queueing…"
                  send={(key) => resendSetupLink(orderId, key)}
                  done={`A new set-up link is on its way to ${email}. The earlier one no longer works.`}
                />
                <p className="text-xs text-muted-foreground">The earlier link stops working at once.</p>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">The buyer has an account: they sign in with it, no set-up link needed.</p>
            )}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Only a paid order with an address has emails to resend.</p>
        )}
      </section>
      <section aria-labelledby="cohort-heading" className="flex flex-col gap-4 rounded-lg border bg-background p-5">
        <h3 id="cohort-heading" className="font-semibold">
          Cohort
        </h3>
        {paid && props.seatCohortId ? (
          <MoveCohortForm orderId={orderId} cohorts={props.cohorts} />
        ) : (
          <p className="text-sm text-muted-foreground">This order has no paid seat to move.</p>
        )}
      </section>
      <section aria-labelledby="refund-heading" className="flex flex-col gap-4 rounded-lg border bg-background p-5 lg:col-span-2">
        <h3 id="refund-heading" className="font-semibold">
          Refund
        </h3>
        {props.refundableCents > 0 ? (
          <RefundForm orderId={orderId} refundableCents={props.refundableCents} currency={props.currency} />
        ) : (
          <p className="text-sm text-muted-foreground">Nothing is left to refund on this order.</p>
        )}
      </section>
    </div>
  );
}
