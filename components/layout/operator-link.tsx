"use client";

import { ShieldCheck } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { IntentLink } from "./intent-link";
import { useOperatorHint } from "./use-operator-hint";

/** D17: an operator's way into the operator area from the site's header (the drawer has it on phones). */
export function OperatorLink() {
  const operator = useOperatorHint();
  if (!operator) return null;
  return (
    <span className="hidden sm:inline-flex">
      <IntentLink href="/operator" className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ShieldCheck aria-hidden="true" /> Operator
      </IntentLink>
    </span>
  );
}
