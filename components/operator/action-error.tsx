"use client";

import { saveProblems } from "./operator-api";
import { FreshSignInCancelled } from "./use-fresh-sign-in";

// An operator's change from a button or a small form runs through useWrite: busy while it runs,
// the server's word said in place (per field too, for a form), a toast when done and the page's
// data read again after.

/** A failed change as said in place: the server's word, or that the password was not given. */
export function actionMessage(failure: unknown): string {
  return failure instanceof FreshSignInCancelled ? failure.message : saveProblems(failure).message;
}

export function ActionError({ error }: { error: string | null }) {
  return (
    <p role="alert" className="text-sm text-destructive empty:hidden">
      {error}
    </p>
  );
}
