"use client";

import { Check, RotateCcw } from "lucide-react";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { formatDuration } from "@/lib/campaign/story-media";
import { problemMessage } from "../shared/campaign-api";
import { uploadStoryVideo } from "./story-video-api";
import type { StoryVideo } from "./use-story-recorder";

type ReviewStepProps = {
  video: StoryVideo | null;
  /** The story's topic, by name. */
  topic: string | null;
  /** The video is already up: Looks Good stays off. */
  uploaded: boolean;
  onReRecord: () => void;
  onUploaded: (voiceNumber: number) => void;
};

/** SPEC §4 Campaign wizard, step 4: the recording to watch back, Re-record, and Looks Good to upload it. */
export function ReviewStep({ video, topic, uploaded, onReRecord, onUploaded }: ReviewStepProps) {
  const {
    run,
    busy: sending,
    error,
  } = useWrite({
    message: (failure) =>
      failure instanceof Error && failure.message.startsWith("We couldn't upload") ? failure.message : problemMessage(failure),
  });

  async function looksGood() {
    if (!video || !topic) return;
    const outcome = await run(() => uploadStoryVideo(video, topic));
    if (outcome.ok) onUploaded(outcome.data.voiceNumber);
  }

  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-xl font-semibold">Review your video</h3>
      {video ? (
        <>
          <video
            src={video.url}
            controls
            playsInline
            aria-label="Your story video"
            className="aspect-video w-full rounded-xl bg-slate-900"
          />
          <p className="text-sm text-muted-foreground" data-testid="review-duration">
            Length: {formatDuration(video.durationSeconds)}
          </p>
        </>
      ) : (
        <p className="text-muted-foreground">Record or upload your video first.</p>
      )}
      <p role="alert" className="min-h-5 text-sm text-destructive">
        {error}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={onReRecord}>
          <RotateCcw aria-hidden="true" /> Re-record
        </Button>
        <Button type="button" onClick={() => void looksGood()} disabled={!video || sending || uploaded}>
          <Check aria-hidden="true" /> {sending ? "Uploading…" : "Looks Good"}
        </Button>
      </div>
    </div>
  );
}
