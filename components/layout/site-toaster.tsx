"use client";

import { useState } from "react";
import { Toaster } from "@/components/ui/sonner";
import { toastsHandedOver } from "./toast-handoff";

/** The marketing pages' toaster, loaded only when another page handed a toast over (toast-handoff). */
export function SiteToaster() {
  const [show] = useState(toastsHandedOver);
  return show ? <Toaster /> : null;
}
