import * as React from "react";

import { cn } from "@/lib/cn";

/** A pulsing placeholder block. Hidden from assistive tech; mark the loading region with `aria-busy`. */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

export { Skeleton };
