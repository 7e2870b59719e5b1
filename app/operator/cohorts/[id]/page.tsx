import Link from "next/link";
import { notFound } from "next/navigation";
import { AnnouncementList } from "@/components/operator/announcement-list";
import { AuditTable } from "@/components/operator/audit-table";
import { CohortAnnouncementForm } from "@/components/operator/cohort-announcement-form";
import { CohortClosedButton } from "@/components/operator/cohort-closed-button";
import { CohortForm } from "@/components/operator/cohort-form";
import { cohortDatesLabel, cohortStatusLabel } from "@/components/operator/cohort-labels";
import { CohortPublishButton } from "@/components/operator/cohort-publish-button";
import { ListPager } from "@/components/operator/list-controls";
import { ParticipantTable } from "@/components/operator/participant-table";
import { ProgrammeCohortSection } from "@/components/operator/programme-cohort-section";
import { WaitlistTable } from "@/components/operator/waitlist-table";
import { Button } from "@/components/ui/button";
import { COHORT_STATUS_LABEL } from "@/lib/cohorts/cohort-card-rules";
import { cohortPhase, cohortPhaseNote } from "@/lib/cohorts/cohort-phase";
import { cohortIdParamsSchema } from "@/lib/cohorts/cohort-schemas";
import { dayOf, lastDayOf, programmeLengthLabel } from "@/lib/operator/cohort-rules";
import { parseCursor, parseListQuery } from "@/lib/operator/list-query";
import { firstParam, type SearchParams } from "@/lib/search-params";
import { listCohortAnnouncements } from "@/server/db/cohorts/cohort-announcements";
import { listAuditEntries } from "@/server/db/operator/operator-audit";
import { getOperatorCohort } from "@/server/db/operator/operator-cohorts";
import { memberTimeZone } from "@/server/db/accounts/users";
import { requireOperatorPage } from "@/server/operator/operator-page";
import { cohortParticipantList } from "@/server/operator/participants";
import { cohortProgrammeReport } from "@/server/operator/programme-cohort-report";
import { cohortWaitlistPage } from "@/server/operator/waitlist";

export const metadata = { title: "Cohort · Operator" };

const HISTORY_SIZE = 20;

type PageProps = { params: Promise<{ id: string }>; searchParams?: Promise<SearchParams> };

export default async function OperatorCohortPage({ params, searchParams }: PageProps) {
  const operator = await requireOperatorPage();
  const parsed = cohortIdParamsSchema.safeParse(await params);
  const cohort = parsed.success ? await getOperatorCohort(parsed.data.id) : null;
  if (!cohort) notFound();
  // The waitlist has one order, its queue; ?after= continues after a position.
  const search = (await searchParams) ?? {};
  const waitlistQuery = parseListQuery(search, ["position"], { sort: "position", dir: "asc" });
  const path = `/operator/cohorts/${cohort.id}`;
  // The programme's messages, newest first; ?sends= continues after a row.
  const [participants, history, waitlist, timeZone, announcements, programme] = await Promise.all([
    cohortParticipantList(cohort.id),
    listAuditEntries({ limit: HISTORY_SIZE, subject: { type: "cohort", id: cohort.id } }),
    cohortWaitlistPage(cohort.id, waitlistQuery.after),
    memberTimeZone(operator.id),
    listCohortAnnouncements(cohort.id),
    cohortProgrammeReport(cohort, parseCursor(firstParam(search, "sends"))),
  ]);
  // D19: the day as the members' card and the coach bot count it, on the operator's own calendar.
  const zone = timeZone ?? "UTC";
  const phase = cohortPhase(cohort, new Date(), zone);
  const phaseNote = cohortPhaseNote(phase);
  const closed = cohort.closed_at !== null;
  const draft = cohort.published_at === null;
  const seats = [
    ["Capacity", cohort.participant_cap],
    ["Paid", cohort.seats.paid],
    ["Held", cohort.seats.held],
    ["Free", cohort.seats.free],
  ] as const;

  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-4">
        <Link href="/operator/cohorts" className="text-sm text-primary underline-offset-4 hover:underline">
          ← All cohorts
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{cohort.cohort_name}</h1>
        <p className="text-sm font-medium" data-testid="operator-cohort-day">
          Today ({zone}): {COHORT_STATUS_LABEL[phase.status]}
          {phaseNote ? `, ${phaseNote}` : ""}
        </p>
        <p className="text-sm text-muted-foreground">
          {cohortStatusLabel(cohort)} · {cohortDatesLabel(cohort)} · {programmeLengthLabel(cohort.duration_days)} · {cohort.language}
        </p>
        <dl className="grid max-w-xl grid-cols-4 gap-3">
          {seats.map(([label, value]) => (
            <div key={label} className="rounded-lg border bg-background p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm">
          {draft
            ? "Draft: not for sale. The cohort picker does not show it, and checkouts and the waitlist refuse it until it is published."
            : closed
              ? "Closed to new buyers: the cohort picker no longer shows it and checkouts refuse it."
              : "Open: visitors can choose it while it is upcoming and has free seats."}
        </p>
        <div className="flex flex-wrap items-start gap-3">
          {draft ? <CohortPublishButton cohortId={cohort.id} /> : null}
          <CohortClosedButton cohortId={cohort.id} cohortName={cohort.cohort_name} closed={closed} />
          <Button asChild variant="outline">
            <Link href={`/operator/cohorts/new?from=${cohort.id}`}>Duplicate</Link>
          </Button>
        </div>
      </div>

      <section aria-labelledby="edit-heading" className="flex max-w-3xl flex-col gap-4">
        <h2 id="edit-heading" className="text-xl font-semibold">
          Edit
        </h2>
        <CohortForm
          cohortId={cohort.id}
          initial={{
            cohort_name: cohort.cohort_name,
            cohort_description: cohort.cohort_description,
            language: cohort.language,
            start_cohort_date: dayOf(cohort.start_cohort_date) ?? "",
            last_day: lastDayOf(cohort.end_cohort_date) ?? "",
            end_postcohort_date: dayOf(cohort.end_postcohort_date) ?? "",
            participant_cap: String(cohort.participant_cap),
          }}
        />
      </section>

      <section aria-labelledby="participants-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="participants-heading" className="text-xl font-semibold">
            Participants ({participants.length})
          </h2>
          <a
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            href={`/api/operator/cohorts/${cohort.id}/participants.csv`}
            download
          >
            Download CSV
          </a>
        </div>
        <ParticipantTable participants={participants} />
      </section>

      <section aria-labelledby="announce-heading" className="flex flex-col gap-4">
        <h2 id="announce-heading" className="text-xl font-semibold">
          Email the participants
        </h2>
        <p className="text-sm text-muted-foreground">
          An announcement to every paid participant (a change of start time, a welcome note), through the outbox. Each email carries a link
          to unsubscribe from announcements; receipts and account emails still reach them.
        </p>
        <CohortAnnouncementForm cohortId={cohort.id} cohortName={cohort.cohort_name} />
        <h3 className="text-base font-semibold">Sent</h3>
        <AnnouncementList rows={announcements} />
      </section>

      <ProgrammeCohortSection report={programme} path={path} />

      <section aria-labelledby="waitlist-heading" className="flex flex-col gap-4">
        <h2 id="waitlist-heading" className="text-xl font-semibold">
          Waitlist
        </h2>
        <p className="text-sm text-muted-foreground">
          When a place frees (a refund, a lapsed hold, more capacity), the first waiting person is emailed a link that holds it for 24
          hours; then it passes to the next.
        </p>
        <WaitlistTable entries={waitlist.rows} path={path} now={new Date()} />
        <ListPager label="Waitlist pages" path={path} query={waitlistQuery} next={waitlist.next} />
      </section>

      <section aria-labelledby="history-heading" className="flex flex-col gap-4">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <AuditTable entries={history} caption={`The latest ${HISTORY_SIZE} changes to this cohort`} />
      </section>
    </div>
  );
}
