import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { doctorClearanceLabel, type Participant } from "@/lib/operator/participant";
import { QUESTIONS } from "@/lib/questionnaire/questionnaire";
import { SAFETY_QUESTIONS } from "@/lib/questionnaire/safety-screen";
import { EmptyState, OperatorTable, Td, Th } from "./operator-table";

const dash = (value: string | null | undefined) => value || "—";

// A wide table (some twenty columns): on a desktop it scrolls sideways in its own box, with an
// address kept whole enough to read and the health topics wrapping under their header rather than
// stretching it; on a phone each participant is a card, every answer after its column's name.

/** A cohort's participants: plan, CGM, questionnaire answers and the safety screen (D17), each linking to their order. */
export function ParticipantTable({ participants }: { participants: Participant[] }) {
  if (participants.length === 0) {
    return <EmptyState title="No participants yet">Seats appear here once they are paid, or held by a checkout in progress.</EmptyState>;
  }
  return (
    <OperatorTable caption="Participants with their plan, CGM, questionnaire answers and health questions" stacked>
      <thead>
        <tr>
          <Th>Seat</Th>
          <Th>Email</Th>
          <Th>Plan</Th>
          <Th>CGM</Th>
          {QUESTIONS.map((q) => (
            <Th key={q.id}>
              <abbr title={q.text}>Q{q.id}</abbr>
            </Th>
          ))}
          <Th>CGM before</Th>
          <Th>Dietary restrictions</Th>
          <Th>Medical conditions</Th>
          {SAFETY_QUESTIONS.map((q) => (
            <Th key={q.id} className="min-w-32 whitespace-normal">
              <abbr title={q.question}>{q.topic}</abbr>
            </Th>
          ))}
          <Th>Doctor&apos;s go-ahead</Th>
        </tr>
      </thead>
      <tbody>
        {participants.map((p) => (
          <tr key={p.seatId}>
            <Td label="Seat">{p.seat === "paid" ? "Paid" : "Held"}</Td>
            <Td label="Email" className="min-w-56 wrap-anywhere">
              {p.orderId ? (
                <Link className="font-medium text-primary underline-offset-4 hover:underline" href={`/operator/orders/${p.orderId}`}>
                  {p.email ?? "(no address yet)"}
                </Link>
              ) : (
                dash(p.email)
              )}
            </Td>
            <Td label="Plan" className="whitespace-nowrap">
              {dash(p.planName)}
            </Td>
            <Td label="CGM">{p.hasCgm === null ? "—" : p.hasCgm ? "Yes" : "No"}</Td>
            {p.answers.map((answer, index) => (
              <Td key={index} label={`Q${QUESTIONS[index]?.id ?? index + 1}`}>
                {dash(answer)}
              </Td>
            ))}
            <Td label="CGM before">{dash(p.cgmExperience)}</Td>
            <Td label="Dietary restrictions" className="sm:min-w-48">
              {dash(p.dietaryRestrictions)}
            </Td>
            <Td label="Medical conditions" className="sm:min-w-48">
              {dash(p.medicalConditions)}
            </Td>
            {SAFETY_QUESTIONS.map((q) => (
              <Td key={q.id} label={q.topic}>
                {dash(p.safety[q.id])}
              </Td>
            ))}
            <Td label="Doctor's go-ahead" className="sm:min-w-40">
              <DoctorClearance clearance={p.doctorClearance} />
            </Td>
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}

/** The doctor's go-ahead a participant joined with: a badge when it was confirmed through the emailed link. */
function DoctorClearance({ clearance }: { clearance: Participant["doctorClearance"] }) {
  const label = doctorClearanceLabel(clearance);
  if (!label) return <>—</>;
  if (clearance === "ticked-at-checkout") return <span className="text-muted-foreground">{label}</span>;
  return <Badge variant="secondary">{label}</Badge>;
}
