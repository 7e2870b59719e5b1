import { ArrowLeft, MessageCircle } from "lucide-react";
import type { Ref } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { QUESTION_COUNT, type QuestionnaireResult } from "@/lib/questionnaire/questionnaire";
import { StartOverButton } from "./start-over-button";

type QuestionnaireResultViewProps = {
  headingRef: Ref<HTMLHeadingElement>;
  result: QuestionnaireResult;
  onPrevious: () => void;
  onStartOver: () => void;
  onTalkToCoach: () => void;
  onReviewPlan: () => void;
};

/** SPEC §2: the result screen with the recommended plan and where to go next. */
export function QuestionnaireResultView({
  headingRef,
  result,
  onPrevious,
  onStartOver,
  onTalkToCoach,
  onReviewPlan,
}: QuestionnaireResultViewProps) {
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <p className="text-sm font-medium text-primary">Your glucose profile</p>
        <h3 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
          {result.title}
        </h3>
        <p className="text-sm text-muted-foreground">
          You answered yes to {result.yesCount} of {QUESTION_COUNT} questions.
        </p>
      </div>
      <div className="rounded-lg bg-secondary p-3 text-secondary-foreground">
        <p className="text-sm">Recommended plan</p>
        <p className="text-lg font-semibold">{result.planName}</p>
      </div>
      <p className="text-sm">{result.description}</p>
      <div className="grid gap-2">
        <button type="button" className={buttonVariants()} onClick={onReviewPlan}>
          Review My Plan
        </button>
        <button type="button" className={buttonVariants({ variant: "outline" })} onClick={onTalkToCoach}>
          <MessageCircle aria-hidden="true" />
          Talk to a Coach
        </button>
      </div>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className={buttonVariants({ variant: "ghost", size: "icon" })}
          aria-label="Previous question"
          onClick={onPrevious}
        >
          <ArrowLeft aria-hidden="true" />
        </button>
        <StartOverButton onClick={onStartOver} />
      </div>
    </div>
  );
}
