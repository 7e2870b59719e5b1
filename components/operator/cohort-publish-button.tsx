"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { publishCohort, saveProblems } from "./operator-api";

/** Publishes a draft: from then on it is for sale (the cohort picker, checkouts and the waitlist take it). */
export function CohortPublishButton({ cohortId }: { cohortId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function publish() {
    setBusy(true);
    setError(null);
    try {
      await publishCohort(cohortId);
      toast.success("The cohort is published. Visitors can now choose it.");
      router.refresh();
    } catch (failure) {
      setError(saveProblems(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button type="button" disabled={busy} onClick={publish}>
        {busy ? "Publishing…" : "Publish"}
      </Button>
      <p role="alert" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}
