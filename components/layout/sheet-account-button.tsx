import Link from "next/link";
import { LayoutDashboard, LogIn } from "lucide-react";
import { Button } from "@/components/ui/button";

/** SPEC §2: a side sheet's account button: Dashboard when signed in, else Log In. */
export function SheetAccountButton({ signedIn, onNavigate }: { signedIn: boolean; onNavigate: () => void }) {
  return (
    <Button asChild variant="outline" size="lg" className="w-full">
      {signedIn ? (
        <Link href="/dashboard" onClick={onNavigate}>
          <LayoutDashboard aria-hidden="true" /> Dashboard
        </Link>
      ) : (
        <Link href="/auth" onClick={onNavigate}>
          <LogIn aria-hidden="true" /> Log In
        </Link>
      )}
    </Button>
  );
}
