"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { toastsHandedOver } from "./toast-handoff";

const Toaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), { ssr: false });

/** The marketing pages' toaster, loaded only when another page handed a toast over (toast-handoff). */
export function SiteToaster() {
  const [show] = useState(toastsHandedOver);
  return show ? <Toaster /> : null;
}
