"use client";

import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { ActionError, actionMessage } from "./action-error";
import { publishCohort } from "./operator-api";

/** Publishes a draft: from then on it is for sale (the cohort picker, checkouts and the waitlist take it). */
export function CohortPublishButton({ cohortId }: { cohortId: string }) {
  const router = useRouter();
  const { busy, error, run } = useWrite({ message: actionMessage });
  async function publish() {
    if (!(await run(() => publishCohort(cohortId))).ok) return;
    toast.success("The cohort is published. Visitors can now choose it.");
    router.refresh();
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button type="button" disabled={busy} onClick={publish}>
        {busy ? "Publishing…" : "Publish"}
      </Button>
      <ActionError error={error} />
    </div>
  );
}
