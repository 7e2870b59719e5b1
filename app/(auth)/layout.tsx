import { Logo } from "@/components/layout/logo";
import { Toaster } from "@/components/ui/sonner";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 py-8 sm:py-12">
      <header className="mb-8">
        <Logo />
      </header>
      <main id="main" className="w-full max-w-md">
        {children}
      </main>
      <Toaster />
    </div>
  );
}
