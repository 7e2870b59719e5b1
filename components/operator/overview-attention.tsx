import Link from "next/link";
import type { OverviewAttention } from "@/lib/operator/overview";
import { LAPSING_OFFER_HOURS, needsAttention } from "@/lib/operator/overview";

// The operator's home page: what needs someone now, each a count linked to the list that shows it.
// Only what has something in it is listed.

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

type Item = { key: string; href: string; label: string; detail?: string; children?: React.ReactNode };

function items(attention: OverviewAttention): Item[] {
  const list: Item[] = [];
  const { failedJobs, jobsNeedingAttention, unsentEmails, disagreeingOrders, storiesToReview, lapsingOffers } = attention;
  if (failedJobs > 0) {
    list.push({
      key: "failed-jobs",
      href: "/operator/health#failed-jobs",
      label: plural(failedJobs, "failed job", "failed jobs"),
      detail: "gave up after their retries",
    });
  }
  if (jobsNeedingAttention > 0) {
    list.push({
      key: "needs-attention",
      href: "/operator/health#needs-attention",
      label: plural(jobsNeedingAttention, "job keeps failing", "jobs keep failing"),
      detail: "three times or more in a row, still retried",
    });
  }
  const unsent = unsentEmails.queued + unsentEmails.failed;
  if (unsent > 0) {
    list.push({
      key: "unsent-emails",
      href: "/operator/health#unsent-emails",
      label: plural(unsent, "email not sent", "emails not sent"),
      detail: `${unsentEmails.failed.toLocaleString("en-US")} given up on, ${unsentEmails.queued.toLocaleString("en-US")} queued or being retried`,
    });
  }
  if (disagreeingOrders.count > 0) {
    list.push({
      key: "stripe-orders",
      href: "/operator/health#stripe-orders",
      label: `${disagreeingOrders.more ? "More than " : ""}${plural(disagreeingOrders.count, "order disagrees", "orders disagree")} with Stripe`,
    });
  }
  if (storiesToReview > 0) {
    list.push({
      key: "stories",
      href: "/operator/campaign/stories",
      label: plural(storiesToReview, "story waits", "stories wait"),
      detail: "for review",
    });
  }
  if (lapsingOffers.total > 0) {
    const [only] = lapsingOffers.cohorts;
    const oneCohort = lapsingOffers.cohorts.length === 1 && only;
    list.push({
      key: "lapsing-offers",
      href: oneCohort ? `/operator/cohorts/${only.cohortId}#waitlist-heading` : "/operator/cohorts",
      label: plural(lapsingOffers.total, "waitlist offer lapses", "waitlist offers lapse"),
      detail: `within ${LAPSING_OFFER_HOURS} hours${oneCohort ? `, in ${only.cohortName}` : ""}`,
      children:
        lapsingOffers.cohorts.length > 1 ? (
          <ul className="mt-1 flex flex-col gap-1 pl-4 text-sm">
            {lapsingOffers.cohorts.map((cohort) => (
              <li key={cohort.cohortId} className="wrap-anywhere">
                <Link className={linkClass} href={`/operator/cohorts/${cohort.cohortId}#waitlist-heading`}>
                  {cohort.cohortName}
                </Link>
                : {plural(cohort.offers, "offer", "offers")}
              </li>
            ))}
          </ul>
        ) : null,
    });
  }
  return list;
}

export function OverviewAttention({ attention }: { attention: OverviewAttention }) {
  if (!needsAttention(attention)) {
    return (
      <p role="status" className="rounded-lg border border-dashed bg-background p-4 text-sm text-muted-foreground">
        Nothing needs attention: no failed jobs or unsent emails, every order agrees with Stripe, no story waits for review and no waitlist
        offer lapses within {LAPSING_OFFER_HOURS} hours.
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-lg border bg-background">
      {items(attention).map((item) => (
        <li key={item.key} className="px-4 py-3 text-sm wrap-anywhere">
          <Link className={linkClass} href={item.href}>
            {item.label}
          </Link>
          {item.detail ? <span className="text-muted-foreground"> {item.detail}</span> : null}
          {item.children}
        </li>
      ))}
    </ul>
  );
}
