import type { Sql } from "postgres";
import { SITE } from "../../fixtures/payments";

// Calls and rows the programme's member-side tests share.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let address = 0;

/** A route called as the browser calls it, from an address of its own (the limits count per address) unless one is given. */
export async function callAs(
  handler: Handler,
  path: string,
  options: { token?: string; method?: string; body?: unknown; rawBody?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { "x-real-ip": options.ip ?? `198.51.${Math.floor(++address / 250) % 250}.${address % 250}` };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await handler(new Request(`${SITE}${path}`, { method: options.method ?? "GET", headers, body }), {
    params: Promise.resolve({}),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as { data?: unknown; error?: string; code?: string } };
}

/** A cohort that ended `endedDaysAgo` days ago, with the member's enrolled participant seat in it: the seat's and cohort's ids. */
export async function endedCohortSeat(sql: Sql, member: { userId: string; email: string }, endedDaysAgo = 1) {
  const end = new Date(Date.now() - endedDaysAgo * 86_400_000);
  const start = new Date(end.getTime() - 14 * 86_400_000);
  const [cohort] = await sql<{ id: string }[]>`
    insert into public.cohorts (cohort_name, cohort_description, status, start_cohort_date, end_cohort_date, duration_days, participant_cap)
    values ('Ended cohort', 'A cohort made by a test.', 'postcohort', ${start}, ${end}, 14, 20)
    returning id`;
  const [seat] = await sql<{ id: string }[]>`
    insert into public.cohort_seats (cohort_id, user_id, email, status, role, enrolled_at)
    values (${cohort!.id}, ${member.userId}, ${member.email}, 'enrolled', 'participant', ${start})
    returning id`;
  return { cohortId: cohort!.id, seatId: seat!.id };
}

/** The programme asked the member the feedback question for the seat (by `channel`), as its scheduler records it. */
export async function askedFeedback(
  sql: Sql,
  member: { userId: string },
  seat: { cohortId: string; seatId: string },
  channel: "bot" | "email" | "skipped" = "email",
  askedAt = new Date(),
) {
  await sql`
    insert into public.programme_sends (seat_id, user_id, cohort_id, message, for_date, channel, skipped_reason, created_at)
    values (${seat.seatId}, ${member.userId}, ${seat.cohortId}, 'feedback', ${askedAt.toISOString().slice(0, 10)}, ${channel},
      ${channel === "skipped" ? "paused" : null}, ${askedAt})`;
}
