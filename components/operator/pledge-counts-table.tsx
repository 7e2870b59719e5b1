import { BADGE_TIERS } from "@/lib/campaign/badge-tier";
import { PLEDGE_TIER_LABELS, type PledgeCounts, type TierCounts } from "@/lib/operator/pledge-counts";
import { OperatorTable, Td, Th } from "./operator-table";

// D17, Campaign: confirmed pledges per UTC day and badge tier, and the totals by tier.

const number = (n: number) => n.toLocaleString("en-US");

/** Every pledge (or the range's) by tier, as a definition list. */
export function PledgeTierTotals({ counts, label }: { counts: TierCounts; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {BADGE_TIERS.map((tier) => (
        <div key={tier} className="rounded-lg border bg-background p-3">
          <dt className="text-xs text-muted-foreground">{PLEDGE_TIER_LABELS[tier]}</dt>
          <dd className="text-xl font-semibold tabular-nums">{number(counts[tier])}</dd>
        </div>
      ))}
      <div className="rounded-lg border bg-background p-3">
        <dt className="text-xs text-muted-foreground">All tiers</dt>
        <dd className="text-xl font-semibold tabular-nums">{number(counts.total)}</dd>
      </div>
    </dl>
  );
}

/** One row a day, newest first, days without pledges included. */
export function PledgeDaysTable({ counts }: { counts: PledgeCounts }) {
  return (
    <OperatorTable caption={`Pledges per UTC day and tier, ${counts.from} to ${counts.to}, newest first`}>
      <thead>
        <tr>
          <Th>Day (UTC)</Th>
          {BADGE_TIERS.map((tier) => (
            <Th key={tier} className="text-right">
              {PLEDGE_TIER_LABELS[tier]}
            </Th>
          ))}
          <Th className="text-right">All tiers</Th>
        </tr>
      </thead>
      <tbody>
        {counts.series.map((day) => (
          <tr key={day.day}>
            <Td className="whitespace-nowrap tabular-nums">{day.day}</Td>
            {BADGE_TIERS.map((tier) => (
              <Td key={tier} className="text-right tabular-nums">
                {number(day[tier])}
              </Td>
            ))}
            <Td className="text-right font-medium tabular-nums">{number(day.total)}</Td>
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}
