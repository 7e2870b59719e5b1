"use client";

import { useEffect, useState } from "react";
import { ArrowLeft, ArrowRight, Download, PartyPopper, RefreshCw, Share2 } from "lucide-react";
import { lazyComponent } from "@/components/lazy/lazy-component";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { LAST_STEP, STORY_TOPICS, WIZARD_STEPS, canGoBack, canGoNext, genericPrompts, wizardProgress } from "@/lib/campaign/story-wizard";
import { siteUrl } from "@/lib/site";
import type { StoryVideo } from "./use-story-recorder";

// The recorder (MediaRecorder, camera) loads when someone reaches step 3; the review with the upload
// (Storage's client) is fetched then too, while they record.
const RecordStep = lazyComponent(() => import("./record-step").then((m) => m.RecordStep), {
  loading: () => <p className="text-muted-foreground">Getting the recorder ready…</p>,
});
const ReviewStep = lazyComponent(() => import("./review-step").then((m) => m.ReviewStep));

type Result = { voiceNumber: number; shareUrl: string };

/** SPEC §2 /million-glucose-campaign and §4 Campaign wizard: five steps with a progress bar. */
export function StoryWizard() {
  const [step, setStep] = useState(0);
  const [topicId, setTopicId] = useState<string | null>(null);
  const [generic, setGeneric] = useState(false);
  const [video, setVideo] = useState<StoryVideo | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [shareNote, setShareNote] = useState<string | null>(null);
  const topic = STORY_TOPICS.find((t) => t.id === topicId) ?? null;
  const prompts = topic ? (generic ? genericPrompts(topic.name) : topic.prompts) : [];

  useEffect(() => () => (video ? URL.revokeObjectURL(video.url) : undefined), [video]);
  useEffect(() => {
    if (step === 2) ReviewStep.preload();
  }, [step]);

  function onVideo(next: StoryVideo) {
    setVideo(next);
    setResult(null);
    setStep(3);
  }

  function reRecord() {
    setVideo(null);
    setResult(null);
    setStep(2);
  }

  function uploaded(voiceNumber: number) {
    setResult({ voiceNumber, shareUrl: siteUrl(`/million-glucose-campaign?voice=${voiceNumber}`) });
    setStep(4);
  }

  async function share() {
    if (!result) return;
    const data = {
      title: "My glucose story",
      text: "I added my voice to the million-person glucose awareness campaign.",
      url: result.shareUrl,
    };
    try {
      if (navigator.share) {
        await navigator.share(data);
        return;
      }
      await navigator.clipboard.writeText(result.shareUrl);
      setShareNote("Link copied to clipboard!");
    } catch {
      setShareNote("Copy your link from the box above.");
    }
  }

  return (
    <div className="rounded-2xl border bg-card p-5 shadow-sm sm:p-8">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium" id="wizard-step-label">
          Step {step + 1} of {WIZARD_STEPS.length}: {WIZARD_STEPS[step]}
        </p>
        <Progress value={wizardProgress(step)} aria-labelledby="wizard-step-label" />
      </div>

      <div className="mt-8 min-h-72">
        {step === 0 ? (
          <fieldset>
            <legend className="text-xl font-semibold">Pick a story topic</legend>
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {STORY_TOPICS.map((t) => (
                <label
                  key={t.id}
                  className="flex cursor-pointer flex-col gap-1 rounded-xl border p-4 has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                >
                  <input
                    type="radio"
                    name="topic"
                    value={t.id}
                    checked={topicId === t.id}
                    onChange={() => {
                      setTopicId(t.id);
                      setGeneric(false);
                    }}
                    className="sr-only"
                  />
                  <span className="font-semibold">{t.name}</span>
                  <span className="text-sm text-muted-foreground">{t.description}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {step === 1 && topic ? (
          <div>
            <h3 className="text-xl font-semibold">Questions to get you started: {topic.name}</h3>
            <ol className="mt-4 list-decimal space-y-2 pl-6" aria-label="Prompt questions">
              {prompts.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ol>
            <Button type="button" variant="outline" className="mt-6" onClick={() => setGeneric(true)}>
              <RefreshCw aria-hidden="true" /> Generate Another Set
            </Button>
          </div>
        ) : null}

        {step === 2 ? <RecordStep onVideo={onVideo} /> : null}

        {step === 3 ? (
          <ReviewStep video={video} topic={topic?.name ?? null} uploaded={result !== null} onReRecord={reRecord} onUploaded={uploaded} />
        ) : null}

        {step === 4 ? (
          result && video ? (
            <div className="flex flex-col items-center gap-4 text-center" role="status">
              <PartyPopper aria-hidden="true" className="size-12 text-primary" />
              <h3 className="text-2xl font-bold">Congratulations!</h3>
              <p className="text-lg">
                You are voice <strong>#{result.voiceNumber.toLocaleString("en-US")}</strong> in the million-person campaign.
              </p>
              <label className="flex w-full max-w-md flex-col gap-1 text-left text-sm font-medium">
                Your personal share link
                <input
                  readOnly
                  value={result.shareUrl}
                  className="rounded-md border bg-background px-3 py-2 font-normal"
                  onFocus={(e) => e.target.select()}
                />
              </label>
              <div className="flex flex-wrap justify-center gap-3">
                <Button asChild variant="outline">
                  <a
                    href={video.url}
                    download={`my-glucose-story.${video.contentType === "video/mp4" ? "mp4" : video.contentType === "video/quicktime" ? "mov" : "webm"}`}
                  >
                    <Download aria-hidden="true" /> Download My Video
                  </a>
                </Button>
                <Button type="button" onClick={() => void share()}>
                  <Share2 aria-hidden="true" /> Share
                </Button>
              </div>
              <p className="min-h-5 text-sm text-muted-foreground">{shareNote}</p>
            </div>
          ) : (
            <p className="text-muted-foreground">Review your video and press Looks Good to upload it.</p>
          )
        ) : null}
      </div>

      <div className="mt-8 flex justify-between gap-3 border-t pt-5">
        <Button type="button" variant="outline" disabled={!canGoBack(step)} onClick={() => setStep((s) => Math.max(0, s - 1))}>
          <ArrowLeft aria-hidden="true" /> Go Back
        </Button>
        <Button
          type="button"
          disabled={!canGoNext(step, { topicChosen: topic !== null, uploaded: result !== null })}
          onClick={() => setStep((s) => Math.min(LAST_STEP, s + 1))}
        >
          Next <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
