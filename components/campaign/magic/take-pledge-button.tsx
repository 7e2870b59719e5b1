"use client";

import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { openPledgeDrawer } from "../shared/pledge-events";

/** A button that opens the pledge drawer (SPEC §2, through the openPledgeDrawer window event). */
export function TakePledgeButton({ children, ...props }: Omit<ComponentProps<typeof Button>, "onClick" | "type">) {
  return (
    <Button type="button" aria-haspopup="dialog" onClick={openPledgeDrawer} {...props}>
      {children}
    </Button>
  );
}
