"use client";

import * as React from "react";
import { Progress as ProgressPrimitive } from "radix-ui";

import { cn } from "@/lib/cn";

type ProgressProps = React.ComponentProps<typeof ProgressPrimitive.Root> & {
  /** Extra classes for the filled bar, e.g. `bg-success` to recolour it. */
  indicatorClassName?: string;
};

/**
 * A determinate progress bar. Give it an accessible name with `aria-label` or
 * `aria-labelledby`. `value` is clamped to `0..max`; `null`/`undefined` means indeterminate.
 */
function Progress({ className, indicatorClassName, value, max = 100, ...props }: ProgressProps) {
  const safeMax = Number.isFinite(max) && max > 0 ? max : 100;
  const clamped = typeof value === "number" && Number.isFinite(value) ? Math.min(Math.max(value, 0), safeMax) : null;
  const percent = clamped === null ? 0 : (clamped / safeMax) * 100;

  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-secondary", className)}
      value={clamped}
      max={safeMax}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn("h-full w-full flex-1 bg-primary transition-transform duration-300", indicatorClassName)}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}

export { Progress, type ProgressProps };
