import { Logo } from "@/components/layout/logo";
import { QueryProvider } from "@/components/query/query-provider";
import { Toaster } from "@/components/ui/sonner";

// Enrolment is a focused flow: the logo, the step and nothing to wander off to. The query client
// lives here so marketing pages never load it.
export default function EnrolLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <a href="#main" className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to content
      </a>
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4 md:px-6">
          <Logo />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 md:px-6 md:py-10">
        <QueryProvider>{children}</QueryProvider>
      </main>
      <Toaster />
    </div>
  );
}
