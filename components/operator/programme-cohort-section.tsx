import Link from "next/link";
import { encodeKeysetCursor } from "@/lib/paging/keyset-cursor";
import { NEXT_MESSAGE_NOTE, programmeMessageLabel, type CohortProgrammeReport } from "@/lib/programme/programme-cohort-report";
import { EmptyState, OperatorTable, Td, Th } from "./operator-table";

// The programme on the operator's cohort page: what is next on the cohort's dates, who was moved to
// email because they blocked the coach bot, the feedback received, and what went out, newest first
// (a page at a time: ?sends= continues after the last row shown).

const utc = (date: Date) => `${date.toISOString().replace("T", " ").slice(0, 16)}`;
const CHANNEL = { bot: "Coach bot", email: "Email" } as const;

function Heading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h3 id={id} className="text-base font-semibold">
      {children}
    </h3>
  );
}

export function ProgrammeCohortSection({ report, path }: { report: CohortProgrammeReport; path: string }) {
  const { sends, next, botBlocked, feedback, totalDays } = report;
  return (
    <section id="programme" aria-labelledby="programme-heading" className="flex flex-col gap-6">
      <h2 id="programme-heading" className="text-xl font-semibold">
        Programme
      </h2>

      <section aria-labelledby="programme-next" className="flex flex-col gap-2">
        <Heading id="programme-next">What is next</Heading>
        {next.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing more is scheduled: the cohort has no start date, or its programme is over.
          </p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm" data-testid="programme-next">
            {next.map((item) => (
              <li key={`${item.message}:${item.date}`}>
                <span className="font-medium">{item.label}</span>, {item.when}
              </li>
            ))}
          </ul>
        )}
        <p className="max-w-3xl text-xs text-muted-foreground">{NEXT_MESSAGE_NOTE}</p>
      </section>

      <section aria-labelledby="programme-blocked" className="flex flex-col gap-2">
        <Heading id="programme-blocked">Moved to email ({botBlocked.length})</Heading>
        {botBlocked.length === 0 ? (
          <p className="text-sm text-muted-foreground">No member has blocked the coach bot.</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              These members blocked the coach bot: their programme messages go by email until they link the bot again.
            </p>
            <ul aria-label="Members moved to email" className="flex flex-col divide-y rounded-md border bg-background text-sm">
              {botBlocked.map((member) => (
                <li key={member.userId} className="flex flex-wrap justify-between gap-x-4 px-4 py-2">
                  <span className="break-all">{member.email}</span>
                  <span className="text-muted-foreground">blocked {utc(member.blockedAt)} UTC</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="programme-feedback" className="flex flex-col gap-2">
        <Heading id="programme-feedback">Feedback</Heading>
        <p className="text-sm" data-testid="programme-feedback-summary">
          {feedback.count === 0
            ? "No feedback yet: the question goes out the day after the last day."
            : `Average ${feedback.average?.toFixed(1) ?? "—"} of 5 from ${feedback.count === 1 ? "1 answer" : `${feedback.count.toLocaleString("en-US")} answers`}.`}
        </p>
        {feedback.rows.length > 0 ? (
          <ul aria-label="Feedback received" className="flex flex-col divide-y rounded-md border bg-background text-sm">
            {feedback.rows.map((answer) => (
              <li key={answer.seatId} className="flex flex-col gap-0.5 px-4 py-2">
                <span>
                  <span className="font-semibold">{answer.score} of 5</span>
                  {answer.comment ? <span className="break-words"> · {answer.comment}</span> : null}
                </span>
                <span className="text-xs text-muted-foreground">
                  {answer.email} · {utc(answer.createdAt)} UTC
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="programme-sent" className="flex flex-col gap-2">
        <Heading id="programme-sent">What went out</Heading>
        {sends.rows.length === 0 ? (
          <EmptyState title={sends.after ? "No older messages" : "Nothing has gone out yet"}>
            Each programme message decided for a member is listed here, sent or skipped.
          </EmptyState>
        ) : (
          <OperatorTable caption="Programme messages, newest first" stacked>
            <thead>
              <tr>
                <Th>When (UTC)</Th>
                <Th>Member</Th>
                <Th>Message</Th>
                <Th>Their date</Th>
                <Th>Channel</Th>
              </tr>
            </thead>
            <tbody>
              {sends.rows.map((send) => (
                <tr key={send.id}>
                  <Td label="When (UTC)" className="whitespace-nowrap">
                    {utc(send.createdAt)}
                  </Td>
                  <Td label="Member" className="break-all">
                    {send.email}
                  </Td>
                  <Td label="Message">{programmeMessageLabel(send.message, send.day, totalDays)}</Td>
                  <Td label="Their date" className="whitespace-nowrap">
                    {send.forDate}
                  </Td>
                  <Td label="Channel">{send.channel === "skipped" ? `Skipped: ${send.skippedReason ?? ""}` : CHANNEL[send.channel]}</Td>
                </tr>
              ))}
            </tbody>
          </OperatorTable>
        )}
        {sends.after || sends.next ? (
          <nav aria-label="Programme message pages" className="flex gap-4 text-sm">
            {sends.after ? (
              <Link className="text-primary underline-offset-4 hover:underline" href={`${path}#programme`}>
                Newest
              </Link>
            ) : null}
            {sends.next ? (
              <Link
                className="text-primary underline-offset-4 hover:underline"
                href={`${path}?sends=${encodeURIComponent(encodeKeysetCursor(sends.next))}#programme`}
              >
                Older
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </section>
  );
}
