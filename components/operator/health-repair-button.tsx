"use client";

import { useRouter } from "next/navigation";
import { ApiRequestError } from "@/components/api/api-request-error";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { REPAIR_FAILED, checkWithStripe, queueEmailAgain, retryJob } from "./health-api";

/** The repair a button of the Health section starts. */
export type HealthRepair =
  | { kind: "retry-job"; queue: string; id: string }
  | { kind: "resend-email"; outboxId: string }
  | { kind: "check-order"; orderId: string }
  | { kind: "run-reconciliation" };

const LABELS: Record<HealthRepair["kind"], { label: string; done: string }> = {
  "retry-job": { label: "Retry", done: "The job is queued again." },
  "resend-email": { label: "Send again", done: "The email is queued again." },
  "check-order": { label: "Check with Stripe now", done: "The order is being checked with Stripe." },
  "run-reconciliation": { label: "Run the reconciliation now", done: "The reconciliation with Stripe is running." },
};

function start(repair: HealthRepair): Promise<unknown> {
  switch (repair.kind) {
    case "retry-job":
      return retryJob(repair.queue, repair.id);
    case "resend-email":
      return queueEmailAgain(repair.outboxId);
    case "check-order":
      return checkWithStripe(repair.orderId);
    case "run-reconciliation":
      return checkWithStripe();
  }
}

/** Starts the repair, then reloads the page's data; a refusal (a job no longer failed, say) is said in place. */
export function HealthRepairButton({ repair, describedBy }: { repair: HealthRepair; describedBy?: string }) {
  const router = useRouter();
  const { busy, error, run } = useWrite({
    message: (failure) => (failure instanceof ApiRequestError && failure.fromServer ? failure.message : REPAIR_FAILED),
  });
  const { label, done } = LABELS[repair.kind];

  async function repairNow() {
    if (!(await run(() => start(repair))).ok) return;
    toast.success(done);
    router.refresh();
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <Button type="button" size="sm" variant="outline" disabled={busy} aria-describedby={describedBy} onClick={() => void repairNow()}>
        {busy ? "Starting…" : label}
      </Button>
      <p role="alert" className="max-w-56 text-xs text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}
