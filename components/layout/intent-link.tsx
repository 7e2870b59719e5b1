"use client";

import Link from "next/link";
import type { ComponentProps } from "react";
import { useReachedFor } from "@/components/hooks/use-reached-for";

type IntentLinkProps = Omit<ComponentProps<typeof Link>, "prefetch" | "onPointerEnter" | "onTouchStart" | "onFocus">;

/**
 * A Link that prefetches its page once the visitor reaches for it (useReachedFor) rather than as
 * soon as it scrolls into view. For links a page shows but is rarely left by, or that point at the
 * page itself: the site header's logo, desktop links and 'Join Now' on every page (each also on the
 * page it names), the campaign header's own link, and the dashboard's and the post editor's ways
 * back to the site. A page view then spends no requests, scripts or main-thread time on pages
 * nobody opens.
 */
export function IntentLink(props: IntentLinkProps) {
  const { reached, reachProps } = useReachedFor();
  // null is Next's default: prefetch now that the link is wanted (it is in view, being reached for).
  return <Link {...props} {...reachProps} prefetch={reached ? null : false} />;
}
