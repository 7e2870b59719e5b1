"use client";

import { useEffect, useId, useRef, useState } from "react";
import * as z from "zod/mini";
import { MessageSquareHeart } from "lucide-react";
import { LoadError } from "@/components/errors/load-error";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FEEDBACK_COMMENT_MAX } from "@/lib/programme/feedback-reply";
import { SCORE_OUT_OF_RANGE, programmeFeedbackInputSchema, type ProgrammeFeedback } from "@/lib/programme/programme-feedback-schema";
import { FEEDBACK_LOAD_FAILED, useProgrammeFeedbackQuery, useSendProgrammeFeedback } from "./programme-api";

const TITLE_ID = "feedback-title";
const SCORES = [1, 2, 3, 4, 5] as const;

/**
 * After the end: the feedback question (1–5 and one line), for a member it was asked of. The email
 * that asks it points here (/dashboard#feedback); a member asked by the bot may answer here too. The
 * card is not shown to a member who was not asked.
 */
export function ProgrammeFeedbackCard() {
  const query = useProgrammeFeedbackQuery();
  const shown = !query.isPending && query.data?.status !== "none";
  const section = useRef<HTMLElement>(null);
  // The email's link (/dashboard#feedback) arrives before the card does: go to it once it is there.
  useEffect(() => {
    if (shown && window.location.hash === "#feedback") section.current?.scrollIntoView({ block: "start" });
  }, [shown]);
  if (!shown) return null;
  return (
    <section
      ref={section}
      id="feedback"
      aria-labelledby={TITLE_ID}
      className="flex scroll-mt-24 flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id={TITLE_ID} className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
        <MessageSquareHeart aria-hidden="true" className="size-5 text-primary" />
        How was it?
      </h2>
      {query.isError ? (
        <LoadError message={FEEDBACK_LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : query.data.status === "answered" ? (
        <Answered feedback={query.data} />
      ) : (
        <FeedbackForm cohortName={query.data.cohortName ?? "your cohort"} />
      )}
    </section>
  );
}

function Answered({ feedback }: { feedback: ProgrammeFeedback }) {
  return (
    <div className="grid gap-1 text-sm" data-testid="feedback-answered">
      <p>
        Thank you! You gave {feedback.cohortName ?? "your cohort"} {feedback.score}/5. Your answer goes to the coaching team.
      </p>
      {feedback.comment ? <p className="break-words text-muted-foreground">“{feedback.comment}”</p> : null}
    </div>
  );
}

function FeedbackForm({ cohortName }: { cohortName: string }) {
  const send = useSendProgrammeFeedback();
  const commentId = useId();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState("");

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (score === null) return send.fail(SCORE_OUT_OF_RANGE);
        // The server's own check first, so a refusal says what to fix.
        const answer = z.safeParse(programmeFeedbackInputSchema, { score, comment: comment.trim() || undefined });
        if (!answer.success) return send.fail(answer.error.issues[0]?.message ?? SCORE_OUT_OF_RANGE);
        void send.send(answer.data);
      }}
    >
      <fieldset className="grid gap-2" disabled={send.busy}>
        <legend className="mb-2 text-sm">{cohortName} is over. From 1 (not at all) to 5 (very much): did it help you?</legend>
        <div className="flex flex-wrap gap-2">
          {SCORES.map((value) => (
            <label
              key={value}
              className="flex size-11 cursor-pointer items-center justify-center rounded-md border text-sm font-medium has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:ring-2 has-focus-visible:ring-ring"
            >
              <input
                type="radio"
                name="programme-feedback-score"
                value={value}
                checked={score === value}
                onChange={() => {
                  setScore(value);
                  send.reset();
                }}
                className="sr-only"
              />
              {value}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={commentId}>One line, if you like</Label>
        <Textarea
          id={commentId}
          value={comment}
          maxLength={FEEDBACK_COMMENT_MAX}
          onChange={(event) => setComment(event.target.value)}
          disabled={send.busy}
          rows={2}
        />
      </div>
      <Button type="submit" className="sm:justify-self-start" disabled={send.busy}>
        {send.busy ? "Sending…" : "Send my answer"}
      </Button>
      {send.error ? (
        <p role="alert" className="text-sm text-destructive">
          {send.error}
        </p>
      ) : null}
    </form>
  );
}
