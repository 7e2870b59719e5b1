import Link from "next/link";
import { cn } from "@/lib/cn";

// D17, Campaign: the section's four pages.
const SECTIONS = [
  { href: "/operator/campaign", label: "Pledges" },
  { href: "/operator/campaign/stories", label: "Stories" },
  { href: "/operator/campaign/partners", label: "Partner pledges" },
  { href: "/operator/campaign/messages", label: "Contact messages" },
] as const;

export type CampaignSection = (typeof SECTIONS)[number]["href"];

/** The Campaign heading and its pages' links, the current one marked. */
export function CampaignNav({ current }: { current: CampaignSection }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-muted-foreground">Campaign</p>
      <nav aria-label="Campaign sections">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 border-b text-sm font-medium">
          {SECTIONS.map((section) => (
            <li key={section.href}>
              <Link
                href={section.href}
                aria-current={section.href === current ? "page" : undefined}
                className={cn(
                  "-mb-px inline-block border-b-2 pb-2",
                  section.href === current
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
