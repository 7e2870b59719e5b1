import { Logo } from "@/components/layout/logo";
import { Toaster } from "@/components/ui/sonner";

export default function EditPostLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="border-b bg-background px-4 py-4 sm:px-6">
        <Logo />
      </header>
      <main id="main" className="flex-1 px-4 py-6 sm:px-6 sm:py-10">
        {children}
      </main>
      <Toaster />
    </div>
  );
}
