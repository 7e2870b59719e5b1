"use client";

import { Bot, LoaderCircle, LogOut } from "lucide-react";
import { useSignOut } from "@/components/auth/use-sign-out";
import { Logo } from "@/components/layout/logo";
import { Button } from "@/components/ui/button";
import { BOT_SETUP_SECTION_ID, openBotSetup } from "./bot-setup/open-bot-setup";

/** SPEC §2 Dashboard: the logo, the coach-bot setup label and 'Sign Out'. */
export function DashboardHeader() {
  const { signOut, signingOut } = useSignOut();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Logo className="min-w-0" />
        <div className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={`#${BOT_SETUP_SECTION_ID}`} onClick={openBotSetup}>
              <Bot aria-hidden="true" />
              {/* Icon-only on small phones; the words stay the button's name. */}
              <span className="sr-only sm:not-sr-only">Set up your coach bot</span>
            </a>
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-disabled={signingOut || undefined}
            aria-busy={signingOut || undefined}
            onClick={() => {
              if (!signingOut) void signOut();
            }}
          >
            {signingOut ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <LogOut aria-hidden="true" />}
            <span className="sr-only sm:not-sr-only">Sign Out</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
