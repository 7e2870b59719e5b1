"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

type IntentLinkProps = Omit<ComponentProps<typeof Link>, "prefetch">;

/**
 * A Link that prefetches its page once the visitor reaches for it (pointer over it, keyboard focus,
 * a touch) rather than as soon as it scrolls into view. For links a page shows but is rarely left
 * by, or that point at the page itself: the site header's logo, desktop links and 'Join Now' on
 * every page (each also on the page it names), the campaign header's own link, and the dashboard's
 * and the post editor's ways back to the site. A page view then spends no requests, scripts or main-thread time on pages
 * nobody opens, and a touch still starts the prefetch before the tap ends.
 */
export function IntentLink({ onMouseEnter, onTouchStart, onFocus, ...props }: IntentLinkProps) {
  const [reachedFor, setReachedFor] = useState(false);
  return (
    <Link
      {...props}
      // null is Next's default: prefetch now that the link is wanted (it is in view, being touched).
      prefetch={reachedFor ? null : false}
      onMouseEnter={(event) => {
        setReachedFor(true);
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        setReachedFor(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        setReachedFor(true);
        onFocus?.(event);
      }}
    />
  );
}
