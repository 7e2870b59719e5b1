"use client";

import Link from "next/link";
import { useSignedInHint } from "@/components/auth/use-session-cookie";
import { buttonVariants } from "@/components/ui/button-variants";
import { useLazyDialog } from "@/components/ui/use-lazy-dialog";

/**
 * SPEC §2: signed-in visitors get 'Go to Dashboard'; anonymous ones 'Start Earning Today', which
 * opens the sign-up dialog (its code loads on the first press).
 */
export function StartEarningButton() {
  const signedIn = useSignedInHint();
  const { Dialog, dialogProps, triggerProps } = useLazyDialog(() =>
    import("./start-earning-dialog").then((m) => m.StartEarningDialog),
  );

  if (signedIn) {
    return (
      <Link href="/dashboard" className={buttonVariants({ size: "lg" })}>
        Go to Dashboard
      </Link>
    );
  }

  return (
    <>
      <button
        {...triggerProps}
        className={buttonVariants({ size: "lg" })}
      >
        Start Earning Today
      </button>
      {Dialog ? <Dialog {...dialogProps} /> : null}
    </>
  );
}
