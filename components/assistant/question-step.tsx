import { ArrowLeft, ArrowRight } from "lucide-react";
import type { Ref } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { QUESTION_COUNT, type AnswerValue, type Question } from "@/lib/questionnaire";
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
        <Progress value={index + 1} max={QUESTION_COUNT} aria-label="Questionnaire progress" aria-valuetext={position} />
      </div>
      <h3 ref={headingRef} tabIndex={-1} className="text-lg leading-snug font-semibold outline-none">
        {question.text}
      </h3>
      <p className="text-sm text-muted-foreground">{question.hint}</p>
      <div className="grid grid-cols-2 gap-3">
        {CHOICES.map((choice) => (
          <Button
            key={choice.value}
            size="lg"
            variant={answer === choice.value ? "default" : "outline"}
            aria-pressed={answer === choice.value}
            onClick={() => onAnswer(choice.value)}
          >
            {choice.label}
          </Button>
        ))}
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="icon" aria-label="Previous question" disabled={index === 0} onClick={onPrevious}>
          <ArrowLeft aria-hidden="true" />
        </Button>
        {onStartOver ? <StartOverButton onClick={onStartOver} /> : null}
        <Button variant="ghost" size="icon" aria-label="Next question" onClick={onNext}>
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
