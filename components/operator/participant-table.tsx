import { Badge } from "@/components/ui/badge";
import { doctorClearanceLabel, type Participant } from "@/lib/operator/participant";
import { QUESTIONS } from "@/lib/questionnaire/questionnaire";
import { SAFETY_QUESTIONS } from "@/lib/questionnaire/safety-screen";
import { EmptyState, OperatorTable, Td, Th } from "./operator-table";

const dash = (value: string | null | undefined) => value || "—";

/** A cohort's participants: plan, CGM, questionnaire answers and the safety screen (D17). */
export function ParticipantTable({ participants }: { participants: Participant[] }) {
  if (participants.length === 0) {
    return <EmptyState title="No participants yet">Seats appear here once they are paid, or held by a checkout in progress.</EmptyState>;
  }
  return (
    <OperatorTable caption="Participants with their plan, CGM, questionnaire answers and health questions">
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
            <Th key={q.id}>
              <abbr title={q.question}>{q.topic}</abbr>
            </Th>
          ))}
          <Th>Doctor&apos;s go-ahead</Th>
        </tr>
      </thead>
      <tbody>
        {participants.map((p) => (
          <tr key={p.seatId}>
            <Td>{p.seat === "paid" ? "Paid" : "Held"}</Td>
            <Td className="break-words">{dash(p.email)}</Td>
            <Td>{dash(p.planName)}</Td>
            <Td>{p.hasCgm === null ? "—" : p.hasCgm ? "Yes" : "No"}</Td>
            {p.answers.map((answer, index) => (
              <Td key={index}>{dash(answer)}</Td>
            ))}
            <Td>{dash(p.cgmExperience)}</Td>
            <Td className="min-w-48">{dash(p.dietaryRestrictions)}</Td>
            <Td className="min-w-48">{dash(p.medicalConditions)}</Td>
            {SAFETY_QUESTIONS.map((q) => (
              <Td key={q.id}>{dash(p.safety[q.id])}</Td>
            ))}
            <Td className="min-w-40">
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
