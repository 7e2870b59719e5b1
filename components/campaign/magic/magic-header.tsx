import { Sparkles } from "lucide-react";
import { AccountLink } from "@/components/layout/account-link";
import { IntentLink } from "@/components/layout/intent-link";
import { MagicMobileMenu } from "./magic-mobile-menu";
import { MAGIC_SECTIONS } from "./magic-sections";
import { TakePledgeButton } from "./take-pledge-button";

/** SPEC §2 /magic: a sticky header with section links, Take Pledge, the account icon and a mobile sheet. */
export function MagicHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        {/* The page's own address: prefetched only when reached for, not on every visit. */}
        <IntentLink href="/magic" className="flex items-center gap-2 text-lg font-bold">
          <Sparkles aria-hidden="true" className="size-5 text-primary" /> MAGIC
        </IntentLink>
        <nav aria-label="Campaign sections" className="hidden items-center gap-1 md:flex">
          {MAGIC_SECTIONS.map((s) => (
            <a
              key={s.id}
              href={`#${s.id}`}
              className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground"
            >
              {s.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <AccountLink />
          <TakePledgeButton size="sm">Take Pledge</TakePledgeButton>
          <MagicMobileMenu />
        </div>
      </div>
    </header>
  );
}
