import * as React from "react";
import { LoaderCircle } from "lucide-react";

import { cn } from "@/lib/cn";

type SpinnerProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** Text announced to screen readers (visually hidden). Defaults to "Loading". */
  label?: string;
};

/** An accessible loading indicator. Size it with `size-*` and colour it with `text-*` on `className`. */
function Spinner({ className, label = "Loading", ...props }: SpinnerProps) {
  return (
    <span role="status" data-slot="spinner" className={cn("relative inline-block size-4 shrink-0", className)} {...props}>
      <LoaderCircle aria-hidden="true" className="size-full animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner, type SpinnerProps };
