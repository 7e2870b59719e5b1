import { Award } from "lucide-react";
import { formatPledgeNumber, type BadgeTier } from "@/lib/campaign/badge-tier";

const TIER_STYLES: Record<BadgeTier, string> = {
  gold: "from-amber-300 to-amber-500 text-amber-950",
  silver: "from-slate-200 to-slate-400 text-slate-900",
  bronze: "from-orange-300 to-orange-600 text-orange-950",
  other: "from-teal-200 to-teal-500 text-teal-950",
};

/** A pledge badge: its tier's colours, its name and the pledge number. */
export function PledgeBadgeMedal({ tier, name, pledgeNumber }: { tier: BadgeTier; name: string; pledgeNumber: number }) {
  return (
    <div
      data-tier={tier}
      className={`flex size-40 flex-col items-center justify-center rounded-full bg-gradient-to-br shadow-lg ring-4 ring-background ${TIER_STYLES[tier]}`}
    >
      <Award aria-hidden="true" className="size-10" />
      <span className="mt-1 text-sm font-bold">{name}</span>
      <span className="text-xs font-semibold">{formatPledgeNumber(pledgeNumber)}</span>
    </div>
  );
}
