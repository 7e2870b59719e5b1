import { ArrowLeft, ArrowRight } from "lucide-react";
import type { Ref } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { QUESTION_COUNT, type AnswerValue, type Question } from "@/lib/questionnaire/questionnaire";
import { StartOverButton } from "./start-over-button";

type QuestionStepProps = {
  headingRef: Ref<HTMLHeadingElement>;
  question: Question;
  index: number;
  answer: AnswerValue | undefined;
  onAnswer: (answer: AnswerValue) => void;
  onPrevious: () => void;
  onNext: () => void;
  onStartOver?: () => void;
};

const CHOICES: readonly { value: AnswerValue; label: string }[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/** A yes/no question with its position, the arrows and the earlier answer shown as pressed. */
export function QuestionStep({ headingRef, question, index, answer, onAnswer, onPrevious, onNext, onStartOver }: QuestionStepProps) {
  const position = `Question ${index + 1} of ${QUESTION_COUNT}`;
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <p className="text-sm font-medium text-muted-foreground">{position}</p>
        <div
          role="progressbar"
          aria-label="Questionnaire progress"
          aria-valuemin={0}
          aria-valuemax={QUESTION_COUNT}
          aria-valuenow={index + 1}
          aria-valuetext={position}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${((index + 1) / QUESTION_COUNT) * 100}%` }}
          />
        </div>
      </div>
      <h3 ref={headingRef} tabIndex={-1} className="text-lg leading-snug font-semibold outline-none">
        {question.text}
      </h3>
      <p className="text-sm text-muted-foreground">{question.hint}</p>
      <div className="grid grid-cols-2 gap-3">
        {CHOICES.map((choice) => (
          <button
            key={choice.value}
            type="button"
            className={buttonVariants({ size: "lg", variant: answer === choice.value ? "default" : "outline" })}
            aria-pressed={answer === choice.value}
            onClick={() => onAnswer(choice.value)}
          >
            {choice.label}
          </button>
        ))}
      </div>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className={buttonVariants({ variant: "ghost", size: "icon" })}
          aria-label="Previous question"
          disabled={index === 0}
          onClick={onPrevious}
        >
          <ArrowLeft aria-hidden="true" />
        </button>
        {onStartOver ? <StartOverButton onClick={onStartOver} /> : null}
        <button type="button" className={buttonVariants({ variant: "ghost", size: "icon" })} aria-label="Next question" onClick={onNext}>
          <ArrowRight aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
