"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { saveProblems, setCohortClosed } from "./operator-api";

/** Closes the cohort to new buyers (its seats stay), or opens it again; the page then reloads its data. */
export function CohortClosedButton({ cohortId, closed }: { cohortId: string; closed: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      await setCohortClosed(cohortId, !closed);
      toast.success(closed ? "The cohort is open to new buyers again." : "The cohort is closed to new buyers.");
      router.refresh();
    } catch (failure) {
      setError(saveProblems(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button type="button" variant={closed ? "outline" : "destructive"} disabled={busy} onClick={toggle}>
        {busy ? "Saving…" : closed ? "Reopen to new buyers" : "Close to new buyers"}
      </Button>
      <p role="alert" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}
