import Link from "next/link";
import { CircleUserRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { AssistantButton } from "./assistant-button";
import { HeaderFrame } from "./header-frame";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { NAV_ITEMS } from "./nav-items";

/** SPEC §2 Navigation and shell. Signed-in state arrives with accounts; until then it is false. */
export function SiteHeader({ signedIn = false }: { signedIn?: boolean }) {
  const accountHref = signedIn ? "/dashboard" : "/auth";
  return (
    <HeaderFrame>
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV_ITEMS.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost" size="icon" className="hidden sm:inline-flex">
            <Link href={accountHref} aria-label={signedIn ? "Dashboard" : "Log in"}>
              <CircleUserRound aria-hidden="true" className="size-6" />
            </Link>
          </Button>
          <AssistantButton />
          <Button asChild size="sm" className="hidden sm:inline-flex">
            <Link href="/how-it-works">Join Now</Link>
          </Button>
          <MobileMenu signedIn={signedIn} />
        </div>
      </div>
    </HeaderFrame>
  );
}
