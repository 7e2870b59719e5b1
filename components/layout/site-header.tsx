import { Button } from "@/components/ui/button";
import { AccountLink } from "./account-link";
import { IntentLink } from "./intent-link";
import { AssistantButton } from "./assistant-button";
import { HeaderFrame } from "./header-frame";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { OperatorLink } from "./operator-link";
import { NAV_ITEMS } from "./nav-items";

/** SPEC §2 Navigation and shell. */
export function SiteHeader() {
  return (
    <HeaderFrame>
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        {/* Desktop links, home's sections among them (from home itself too): prefetched when reached for. */}
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV_ITEMS.map((item) => (
            <IntentLink
              key={item.href}
              href={item.href}
              className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
            >
              {item.label}
            </IntentLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <OperatorLink />
          <AccountLink />
          <AssistantButton />
          <Button asChild size="sm" className="hidden sm:inline-flex">
            <IntentLink href="/how-it-works">Join Now</IntentLink>
          </Button>
          <MobileMenu />
        </div>
      </div>
    </HeaderFrame>
  );
}
