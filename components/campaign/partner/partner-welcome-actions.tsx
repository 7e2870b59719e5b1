import Link from "next/link";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { WELCOME_KIT_PATH } from "@/lib/campaign/welcome-kit";

/** SPEC §4: what 'Welcome to MAGIC!' offers a partner: the kit and the dashboard. */
export function PartnerWelcomeActions() {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Button asChild>
        <a href={WELCOME_KIT_PATH} download>
          <Download aria-hidden="true" /> Download Welcome Kit
        </a>
      </Button>
      <Button asChild variant="outline">
        <Link href="/dashboard">Access Partner Dashboard</Link>
      </Button>
    </div>
  );
}
