"use client";

import { useTimeZone } from "@/components/hooks/use-time-zone";
import { Badge } from "@/components/ui/badge";
import { LEDGER_EMPTY, LEDGER_TITLE, STATE_HELP, STATE_LABEL, formatDollars, formatEntryDate } from "@/lib/referrals/affiliate-display";
import type { AffiliateStats, CommissionEntry } from "@/lib/referrals/referral-schemas";

const STATE_BADGE = { pending: "secondary", due: "warning", paid: "success", none: "outline" } as const satisfies Record<
  CommissionEntry["state"],
  string
>;

/** D14: the pending / due / paid split and the ledger, newest first, reversals with their reason. */
export function CommissionLedger({ stats }: { stats: AffiliateStats }) {
  const timeZone = useTimeZone();
  return (
    <div className="grid gap-3">
      <h3 className="text-base font-semibold">{LEDGER_TITLE}</h3>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(["pending", "due", "paid"] as const).map((state) => (
          <div key={state} className="rounded-lg bg-muted px-2 py-2" title={STATE_HELP[state]}>
            <dt className="text-xs text-muted-foreground">{STATE_LABEL[state]}</dt>
            <dd data-testid={`rewards-${state}`} className="font-semibold tabular-nums">
              {formatDollars(stats[state])}
            </dd>
          </div>
        ))}
      </dl>
      {stats.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{LEDGER_EMPTY}</p>
      ) : (
        <ul aria-label="Reward entries" className="grid divide-y rounded-lg border">
          {stats.entries.map((entry) => (
            <li key={entry.id} className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
              <div className="grid gap-0.5">
                <p className={entry.amount < 0 ? "text-destructive" : undefined}>{entry.description}</p>
                <p className="text-xs text-muted-foreground">
                  {[entry.referredEmail, formatEntryDate(entry.createdAt, timeZone)].filter(Boolean).join(" · ")}
                </p>
              </div>
              <div className="grid shrink-0 justify-items-end gap-1">
                <span className="font-semibold tabular-nums">{formatDollars(entry.amount)}</span>
                <Badge variant={STATE_BADGE[entry.state]}>{STATE_LABEL[entry.state]}</Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
