"use client";

import { useEffect, useRef, useState } from "react";
import { QUESTIONS, answerFor, type AnswerValue, type QuestionnaireResult } from "@/lib/questionnaire/questionnaire";
import type { WidgetAction, WidgetState } from "@/lib/assistant/widget-state";
import { QuestionStep } from "./question-step";
import { QuestionnaireResultView } from "./questionnaire-result-view";

type QuestionnaireViewProps = {
  state: WidgetState;
  dispatch: (action: WidgetAction) => void;
  onTalkToCoach: () => void;
  onReviewPlan: (result: QuestionnaireResult) => void;
};

/** One question at a time, then the result; focus follows to each new heading. */
export function QuestionnaireView({ state, dispatch, onTalkToCoach, onReviewPlan }: QuestionnaireViewProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [moves, setMoves] = useState(0);
  const question = QUESTIONS[state.currentQuestionIndex];
  const result = question ? null : state.result;

  useEffect(() => {
    if (moves > 0) headingRef.current?.focus();
  }, [moves]);

  function move(action: WidgetAction) {
    dispatch(action);
    setMoves((n) => n + 1);
  }

  const started = state.answers.length > 0 || state.result !== null;

  return (
    <div className="overflow-y-auto p-4">
      {question ? (
        <QuestionStep
          headingRef={headingRef}
          question={question}
          index={state.currentQuestionIndex}
          answer={answerFor(state.answers, question.id)}
          onAnswer={(answer: AnswerValue) => move({ type: "answer", answer })}
          onPrevious={() => move({ type: "previous" })}
          onNext={() => move({ type: "next" })}
          onStartOver={started ? () => move({ type: "resetQuestionnaire" }) : undefined}
        />
      ) : result ? (
        <QuestionnaireResultView
          headingRef={headingRef}
          result={result}
          onPrevious={() => move({ type: "previous" })}
          onStartOver={() => move({ type: "resetQuestionnaire" })}
          onTalkToCoach={onTalkToCoach}
          onReviewPlan={() => onReviewPlan(result)}
        />
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {result ? `Your result: ${result.title}. We recommend the ${result.planName} plan.` : ""}
      </p>
    </div>
  );
}
