import { IntentLink } from "./intent-link";
import { site } from "@/lib/site";
import { cn } from "@/lib/cn";

/** The mark (a glucose curve levelling out) and the site name, linking home (prefetched on intent). */
export function Logo({ className }: { className?: string }) {
  return (
    <IntentLink href="/" className={cn("flex items-center gap-2 font-semibold text-foreground", className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <circle cx="16" cy="16" r="15" className="fill-primary" />
        <path d="M6 19c3 0 4-8 7-8s3 9 6 9 3-4 7-4" fill="none" stroke="#fcd34d" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="text-base tracking-tight sm:text-lg">{site.name}</span>
    </IntentLink>
  );
}
