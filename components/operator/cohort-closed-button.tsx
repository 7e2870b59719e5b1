"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/sonner";
import { saveProblems, setCohortClosed } from "./operator-api";

/**
 * Closes the cohort to new buyers (its seats stay), or opens it again; the page then reloads its
 * data. Closing asks first, in a dialog naming the cohort and what closing does: Esc, Cancel or the
 * close button leave the cohort open. Reopening takes nobody's place, so it does not ask.
 */
export function CohortClosedButton({ cohortId, cohortName, closed }: { cohortId: string; cohortName: string; closed: boolean }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const { busy, error, run, reset } = useWrite({ message: (failure) => saveProblems(failure).message });

  async function toggle() {
    if (!(await run(() => setCohortClosed(cohortId, !closed))).ok) return;
    setAsking(false);
    toast.success(closed ? "The cohort is open to new buyers again." : "The cohort is closed to new buyers.");
    router.refresh();
  }

  const errorLine = (
    <p role="alert" className="text-sm text-destructive empty:hidden">
      {error}
    </p>
  );

  if (closed) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Button type="button" variant="outline" disabled={busy} onClick={toggle}>
          {busy ? "Saving…" : "Reopen to new buyers"}
        </Button>
        {errorLine}
      </div>
    );
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Dialog
        open={asking}
        onOpenChange={(open) => {
          if (busy) return;
          setAsking(open);
          reset();
        }}
      >
        <DialogTrigger asChild>
          <Button type="button" variant="destructive">
            Close to new buyers
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Close {cohortName} to new buyers?</DialogTitle>
            <DialogDescription>
              The cohort picker stops showing it and checkouts refuse it. The members who have a seat keep it, and operators can still move
              seats into it. You can reopen it later.
            </DialogDescription>
          </DialogHeader>
          {asking ? errorLine : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="button" variant="destructive" disabled={busy} onClick={toggle}>
              {busy ? "Closing…" : "Close to new buyers"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {asking ? null : errorLine}
    </div>
  );
}
