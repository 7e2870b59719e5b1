import "server-only";
import { db } from "../client";

/** A seat of a cohort that is paid (enrolled) or held, with what its order recorded at checkout. */
export type ParticipantRow = {
  seat_id: string;
  seat_status: "enrolled" | "held";
  /** The order the seat was bought with (null: a seat given without one). */
  order_id: string | null;
  role: string;
  email: string | null;
  enrolled_at: Date | null;
  plan_name: string | null;
  has_cgm: boolean | null;
  user_info: unknown;
  questionnaire: unknown;
  /** When the doctor's clearance the order was bought under was confirmed (null: none). */
  cleared_by_doctor_at: Date | null;
};

/** The cohort's paid seats, then its held ones, each in the order taken (a cohort has at most 10,000). */
export async function listParticipantRows(cohortId: string): Promise<ParticipantRow[]> {
  return db()<ParticipantRow[]>`
    select s.id as seat_id, s.status as seat_status, s.order_id, s.role,
      coalesce(u.email, s.email, o.email) as email, s.enrolled_at,
      o.plan_name, o.has_cgm, o.user_info, o.questionnaire, c.confirmed_at as cleared_by_doctor_at
    from public.cohort_seats s
      left join public.orders o on o.id = s.order_id
      left join public.safety_clearances c on c.id = o.safety_clearance_id
      left join public.users u on u.id = s.user_id
    where s.cohort_id = ${cohortId} and s.status in ('enrolled', 'held')
    order by (s.status = 'held'), coalesce(s.enrolled_at, s.created_at), s.id`;
}
