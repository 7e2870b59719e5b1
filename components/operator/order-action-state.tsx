"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/sonner";
import { saveProblems } from "./operator-api";
import { FreshSignInCancelled } from "./use-fresh-sign-in";

// An order action's state: busy while it runs, its error said in place, the page's data read again after.

export function useAction() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<string | null>) {
    setBusy(true);
    setError(null);
    try {
      const done = await action();
      if (done) toast.success(done);
      router.refresh();
    } catch (failure) {
      setError(failure instanceof FreshSignInCancelled ? failure.message : saveProblems(failure).message);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

export function ActionError({ error }: { error: string | null }) {
  return (
    <p role="alert" className="text-sm text-destructive empty:hidden">
      {error}
    </p>
  );
}
