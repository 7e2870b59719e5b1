import { Briefcase, MapPin } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { applicationMailto, type OpenPosition } from "./open-positions";

export function PositionCard({ position }: { position: OpenPosition }) {
  const titleId = `position-${position.id}-title`;

  return (
    <article id={position.id} aria-labelledby={titleId} className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm">
      <h3 id={titleId} className="text-xl font-semibold">
        {position.title}
      </h3>
      <ul aria-label="Position details" className="mt-3 flex flex-wrap gap-2">
        <li>
          <Badge variant="secondary">
            <Briefcase aria-hidden="true" />
            {position.type}
          </Badge>
        </li>
        <li>
          <Badge variant="outline">
            <MapPin aria-hidden="true" />
            {position.location}
          </Badge>
        </li>
      </ul>
      <p className="mt-4 text-sm leading-relaxed text-muted-foreground">{position.description}</p>
      <h4 className="mt-5 text-sm font-semibold">What you will do</h4>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-muted-foreground">
        {position.responsibilities.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <div className="mt-auto pt-6">
        <Button asChild className="w-full sm:w-auto">
          <a href={applicationMailto(position)}>
            Apply Now<span className="sr-only">: {position.title}</span>
          </a>
        </Button>
      </div>
    </article>
  );
}
