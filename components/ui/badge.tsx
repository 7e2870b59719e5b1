import * as React from "react";
import { Slot } from "radix-ui";
import type { VariantProps } from "class-variance-authority";

import { cn } from "@/lib/cn";
import { badgeVariants } from "./badge-variants";

type BadgeProps = React.ComponentProps<"span"> &
  VariantProps<typeof badgeVariants> & {
    /** Render the single child element (e.g. a link) with the badge styles instead of a `<span>`. */
    asChild?: boolean;
  };

function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot.Root : "span";

  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}

export { Badge, badgeVariants, type BadgeProps };
