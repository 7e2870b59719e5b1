"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/sonner";
import { saveProblems } from "./operator-api";
import { FreshSignInCancelled } from "./use-fresh-sign-in";

// An operator's change from a button or a small form, the one way the area runs one: busy while it
// runs, the server's word said in place (per field too, for a form), a toast when done and the
// page's data read again after.

export function useAction() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  /** Runs the change; the toast says what it returns (nothing for null). True when it was done. */
  async function run(action: () => Promise<string | null>): Promise<boolean> {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const done = await action();
      if (done) toast.success(done);
      router.refresh();
      return true;
    } catch (failure) {
      if (failure instanceof FreshSignInCancelled) {
        setError(failure.message);
      } else {
        const problems = saveProblems(failure);
        setFields(problems.fields);
        setError(problems.message);
      }
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, fields, run };
}

export function ActionError({ error }: { error: string | null }) {
  return (
    <p role="alert" className="text-sm text-destructive empty:hidden">
      {error}
    </p>
  );
}
