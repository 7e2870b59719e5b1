import { Mail } from "lucide-react";

import { Button } from "@/components/ui/button";
import { site } from "@/lib/site";

export function GetInTouchSection() {
  return (
    <section aria-labelledby="get-in-touch-title" className="bg-muted/50">
      <div className="mx-auto max-w-3xl px-4 py-16 text-center md:px-6 md:py-20 lg:px-8">
        <h2 id="get-in-touch-title" className="text-3xl font-bold tracking-tight md:text-4xl">
          Get in Touch
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          Don&rsquo;t see your role? We are always glad to meet coaches, clinicians, engineers and community builders. Tell us what you
          would bring to the team.
        </p>
        <Button asChild size="lg" variant="outline" className="mt-8">
          <a href={`mailto:${site.contact.careersEmail}`}>
            <Mail aria-hidden="true" />
            {site.contact.careersEmail}
          </a>
        </Button>
        <p className="mt-4 text-sm text-muted-foreground">{site.contact.location}</p>
      </div>
    </section>
  );
}
