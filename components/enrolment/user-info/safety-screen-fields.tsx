import { ShieldCheck } from "lucide-react";
import {
  SAFETY_QUESTIONS,
  SAFETY_SCREEN_HEADING,
  SAFETY_SCREEN_INTRO,
  type SafetyAnswer,
  type SafetyQuestionId,
} from "@/lib/questionnaire/safety-screen";
import { YesNoField } from "./yes-no-field";

type SafetyScreenFieldsProps = {
  answers: Partial<Record<SafetyQuestionId, SafetyAnswer>>;
  errors: Partial<Record<SafetyQuestionId, string>>;
  onAnswer: (id: SafetyQuestionId, value: SafetyAnswer) => void;
};

/** Beyond the spec: the three health questions asked before a plan is sold, each needing an answer. */
export function SafetyScreenFields({ answers, errors, onAnswer }: SafetyScreenFieldsProps) {
  return (
    <section
      aria-labelledby="safety-screen-heading"
      className="flex flex-col gap-5 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <h2 id="safety-screen-heading" className="font-semibold">
            {SAFETY_SCREEN_HEADING}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{SAFETY_SCREEN_INTRO}</p>
        </div>
      </div>
      {SAFETY_QUESTIONS.map((q) => (
        <YesNoField
          key={q.id}
          name={q.id}
          legend={q.question}
          hint={q.hint}
          value={answers[q.id]}
          error={errors[q.id]}
          onChange={(value) => onAnswer(q.id, value)}
        />
      ))}
    </section>
  );
}
