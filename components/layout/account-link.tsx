"use client";

import Link from "next/link";
import { CircleUserRound } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { useSignedInHint } from "@/components/auth/use-session-cookie";

/** SPEC §2: the account icon goes to /dashboard when signed in, else to /auth. */
export function AccountLink() {
  const signedIn = useSignedInHint();
  return (
    // The wrapper hides the icon on phones (the drawer has Log In / Dashboard there); the link keeps
    // the button look without class merging.
    <span className="hidden sm:inline-flex">
      <Link
        href={signedIn ? "/dashboard" : "/auth"}
        aria-label={signedIn ? "Dashboard" : "Log in"}
        className={buttonVariants({ variant: "ghost", size: "icon" })}
      >
        <CircleUserRound aria-hidden="true" className="size-6" />
      </Link>
    </span>
  );
}
