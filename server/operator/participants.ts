import "server-only";
import { z } from "zod";
import { toCsv } from "@/lib/csv";
import type { Participant } from "@/lib/operator/participant";
import { SAFETY_QUESTION_IDS } from "@/lib/questionnaire/safety-screen";
import { QUESTIONS } from "@/lib/questionnaire/questionnaire";
import { listParticipantRows, type ParticipantRow } from "../db/operator/operator-participants";

// D17: a cohort's participant list with plan, CGM, questionnaire answers and the safety screen,
// read from what each order recorded at checkout (orders.user_info, orders.questionnaire) and the
// doctor's clearance it was bought under (orders.safety_clearance_id).

const yesNo = z.enum(["yes", "no"]).optional().catch(undefined);
const text = z.string().optional().catch(undefined);

// Stored answers are read leniently: an order from before a field existed shows it as not given.
const storedUserInfo = z
  .object({
    cgmExperience: yesNo,
    dietaryRestrictions: text,
    medicalConditions: text,
    safetyScreen: z
      .object({
        type1DiabetesOrInsulin: yesNo,
        pregnancy: yesNo,
        eatingDisorderHistory: yesNo,
        clearedByDoctor: z.boolean().optional().catch(undefined),
      })
      .optional()
      .catch(undefined),
  })
  .catch({});
const storedQuestionnaire = z.object({ responses: z.record(z.string(), yesNo).catch({}) }).catch({ responses: {} });

function toParticipant(row: ParticipantRow): Participant {
  const info = storedUserInfo.parse(row.user_info ?? {});
  const responses = storedQuestionnaire.parse(row.questionnaire ?? {}).responses;
  const safety = info.safetyScreen ?? {};
  return {
    seatId: row.seat_id,
    seat: row.seat_status === "enrolled" ? "paid" : "held",
    orderId: row.order_id,
    role: row.role,
    email: row.email,
    enrolledAt: row.enrolled_at,
    planName: row.plan_name,
    hasCgm: row.has_cgm,
    answers: QUESTIONS.map((q) => responses[String(q.id)]),
    cgmExperience: info.cgmExperience,
    dietaryRestrictions: info.dietaryRestrictions,
    medicalConditions: info.medicalConditions,
    safety: Object.fromEntries(SAFETY_QUESTION_IDS.flatMap((id) => (safety[id] ? [[id, safety[id]]] : []))),
    // Orders from before the emailed link kept only the visitor's tick.
    doctorClearance: row.cleared_by_doctor_at
      ? { confirmedAt: row.cleared_by_doctor_at }
      : safety.clearedByDoctor === true
        ? "ticked-at-checkout"
        : null,
  };
}

export async function cohortParticipantList(cohortId: string): Promise<Participant[]> {
  return (await listParticipantRows(cohortId)).map(toParticipant);
}

const CSV_COLUMNS = [
  "seat",
  "role",
  "email",
  "enrolled_at",
  "plan",
  "cgm",
  ...QUESTIONS.map((q) => `q${q.id}`),
  "cgm_experience",
  "dietary_restrictions",
  "medical_conditions",
  ...SAFETY_QUESTION_IDS.map((id) => `safety_${id}`),
  "cleared_by_doctor",
];

/** The participant list as CSV (every text cell safe from spreadsheet formulas). */
export function participantsCsv(participants: Participant[]): string {
  const yes = (value: boolean | null) => (value === null ? "" : value ? "yes" : "no");
  return toCsv(
    CSV_COLUMNS,
    participants.map((p) => [
      p.seat,
      p.role,
      p.email,
      p.enrolledAt?.toISOString(),
      p.planName,
      yes(p.hasCgm),
      ...p.answers,
      p.cgmExperience,
      p.dietaryRestrictions,
      p.medicalConditions,
      ...SAFETY_QUESTION_IDS.map((id) => p.safety[id]),
      p.doctorClearance === null
        ? ""
        : p.doctorClearance === "ticked-at-checkout"
          ? "ticked at checkout"
          : p.doctorClearance.confirmedAt.toISOString(),
    ]),
  );
}
