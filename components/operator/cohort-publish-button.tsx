"use client";

import { Button } from "@/components/ui/button";
import { ActionError, useAction } from "./operator-action";
import { publishCohort } from "./operator-api";

/** Publishes a draft: from then on it is for sale (the cohort picker, checkouts and the waitlist take it). */
export function CohortPublishButton({ cohortId }: { cohortId: string }) {
  const { busy, error, run } = useAction();
  const publish = () =>
    run(async () => {
      await publishCohort(cohortId);
      return "The cohort is published. Visitors can now choose it.";
    });

  return (
    <div className="flex flex-col items-start gap-2">
      <Button type="button" disabled={busy} onClick={publish}>
        {busy ? "Publishing…" : "Publish"}
      </Button>
      <ActionError error={error} />
    </div>
  );
}
