"use client";

import { useId, useState, type FormEvent } from "react";
import Link from "next/link";
import { CheckCircle2, FileText, Mic, Video } from "lucide-react";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { STORY_TEXT_MAX, type StoryFormat } from "@/lib/campaign/campaign-options";
import type { StorySubmitted } from "@/lib/campaign/campaign-schemas";
import { emailProblem } from "@/lib/email/email-address";
import { askToRecordStory, problemMessage, submitStory } from "../shared/campaign-api";

const FORMATS: { value: StoryFormat; label: string; icon: typeof Video }[] = [
  { value: "video", label: "Video", icon: Video },
  { value: "audio", label: "Audio", icon: Mic },
  { value: "text", label: "Text", icon: FileText },
];

/** What the form sent: a text story (kept now) or a request to record one (kept once the address confirms it). */
type Submitted = { kind: "text"; story: StorySubmitted } | { kind: "record"; format: Exclude<StoryFormat, "text"> };

/**
 * SPEC §2 /magic Share Your Story, §4 Story form, §5: text must be non-empty after trimming. Only
 * the chosen format's data is sent: a text story's words, or for Video and Audio the address the
 * team reaches out to once it is confirmed (D18).
 */
export function StoryForm() {
  const [format, setFormat] = useState<StoryFormat>("text");
  const [content, setContent] = useState("");
  const [email, setEmail] = useState("");
  const { run, fail, reset: clearError, busy: sending, error } = useWrite({ message: problemMessage });
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = format === "text" ? (content.trim() === "" ? "Please write your story." : null) : emailProblem(email);
    if (problem) {
      fail(problem);
      return;
    }
    const outcome = await run(async (): Promise<Submitted> => {
      if (format === "text") return { kind: "text", story: await submitStory({ type: "text", content, source: "magic_form" }) };
      await askToRecordStory({ format, email });
      return { kind: "record", format };
    });
    if (outcome.ok) setSubmitted(outcome.data);
  }

  function reset() {
    setSubmitted(null);
    setContent("");
    setEmail("");
    setFormat("text");
  }

  if (submitted) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-primary" />
        <h3 className="text-2xl font-bold">Story Submitted!</h3>
        {submitted.kind === "record" ? (
          <p className="text-muted-foreground">
            Check your inbox: confirm your address and we will reach out to record your {submitted.format} story.
          </p>
        ) : (
          <p className="text-muted-foreground">
            Thank you for adding voice #{submitted.story.voiceNumber.toLocaleString("en-US")} to the campaign.
          </p>
        )}
        {submitted.kind === "text" && submitted.story.editLink ? (
          <p className="text-sm">
            We turned your story into a post you can edit and share:{" "}
            <a href={submitted.story.editLink} className="font-medium text-primary underline underline-offset-4">
              Edit your post
            </a>
          </p>
        ) : null}
        <Button type="button" variant="outline" onClick={reset}>
          Share Another Story
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Share Your Story" className="flex flex-col gap-5 rounded-xl border bg-card p-6">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Choose a format</legend>
        <div className="grid grid-cols-3 gap-2">
          {FORMATS.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border p-3 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="format"
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {format === "text" ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-story`}>Your story</Label>
          <Textarea
            id={`${id}-story`}
            rows={5}
            maxLength={STORY_TEXT_MAX}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              if (error) clearError();
            }}
            placeholder="What did you learn about your glucose?"
            aria-invalid={error ? true : undefined}
          />
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>Your email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) clearError();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-email-note`}
          />
          <p id={`${id}-email-note`} className="text-sm text-muted-foreground">
            We will reach out to record your {format} story. We first email you a link to confirm this address.
            {format === "video" ? (
              <>
                {" "}
                Ready now?{" "}
                <Link href="/million-glucose-campaign" className="font-medium text-primary underline underline-offset-4">
                  Record it in the story studio
                </Link>
                .
              </>
            ) : null}
          </p>
        </div>
      )}
      <p role="alert" className="min-h-5 text-sm text-destructive">
        {error}
      </p>
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? "Submitting…" : "Submit Story"}
      </Button>
    </form>
  );
}
