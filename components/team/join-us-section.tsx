import Link from "next/link";

import { Button } from "@/components/ui/button";

export function JoinUsSection() {
  return (
    <section aria-labelledby="join-us-title" className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between md:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="join-us-title" className="text-2xl font-bold tracking-tight md:text-3xl">
            Want to work with us?
          </h2>
          <p className="mt-3">
            We are a small, remote-first team and we are hiring coaches and builders who care about metabolic health as much as we do.
          </p>
        </div>
        <Button asChild size="lg" variant="secondary">
          <Link href="/career">Join Us</Link>
        </Button>
      </div>
    </section>
  );
}
