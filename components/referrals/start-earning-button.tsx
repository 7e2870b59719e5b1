"use client";

import Link from "next/link";
import { useSignedInHint } from "@/components/auth/use-session-cookie";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { useDialogOpener } from "@/components/lazy/use-dialog-opener";
import { buttonVariants } from "@/components/ui/button-variants";

const StartEarningDialog = lazyComponent(() => import("./start-earning-dialog").then((m) => m.StartEarningDialog));

/**
 * SPEC §2: signed-in visitors get 'Go to Dashboard'; anonymous ones 'Start Earning Today', which
 * opens the sign-up dialog (its code loads when the button is reached for).
 */
export function StartEarningButton() {
  const signedIn = useSignedInHint();
  const { mounted, dialogProps, triggerProps } = useDialogOpener();

  if (signedIn) {
    return (
      <Link href="/dashboard" className={buttonVariants({ size: "lg" })}>
        Go to Dashboard
      </Link>
    );
  }

  return (
    <>
      <button {...triggerProps} className={buttonVariants({ size: "lg" })}>
        Start Earning Today
      </button>
      {mounted ? <StartEarningDialog {...dialogProps} /> : null}
    </>
  );
}
