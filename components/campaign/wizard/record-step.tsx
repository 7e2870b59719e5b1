"use client";

import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { Circle, Square, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { MAX_STORY_SECONDS, STORY_MEDIA_TYPES, formatDuration, storyFileProblem, storyMediaType } from "@/lib/campaign/story-media";
import { useStoryRecorder, type StoryVideo } from "./use-story-recorder";

const TIPS = [
  "Find a quiet spot with light in front of you.",
  "Hold your phone horizontally at eye level.",
  "Start with your name and why glucose matters to you.",
  "Answer one or two prompts; keep it personal and honest.",
];

/** The length of a chosen file, read from its metadata (null when the browser cannot read it). */
function readDuration(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = document.createElement("video");
    probe.preload = "metadata";
    probe.onloadedmetadata = () => resolve(Number.isFinite(probe.duration) ? probe.duration : null);
    probe.onerror = () => resolve(null);
    probe.src = url;
  });
}

/** SPEC §2 step 3: a record toggle with a running timer, Upload File, 'Maximum 3 minutes' and recording tips. */
export function RecordStep({ onVideo }: { onVideo: (video: StoryVideo) => void }) {
  const { recording, elapsed, stream, problem, toggle } = useStoryRecorder(onVideo);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
  }, [stream]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const url = URL.createObjectURL(file);
    const duration = storyMediaType(file.type) ? await readDuration(url) : null;
    const problemText = storyFileProblem(file, duration);
    setFileProblem(problemText);
    if (problemText || duration === null) {
      URL.revokeObjectURL(url);
      return;
    }
    onVideo({ blob: file, url, durationSeconds: duration, contentType: storyMediaType(file.type) ?? file.type });
  }

  return (
    <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
      <div className="flex flex-col gap-4">
        <div className="relative aspect-video overflow-hidden rounded-xl bg-slate-900">
          <video ref={preview} autoPlay muted playsInline aria-label="Camera preview" className="size-full object-cover" />
          <span
            role="timer"
            aria-live="off"
            className="absolute left-3 top-3 rounded-md bg-black/70 px-2 py-1 font-mono text-sm text-white"
            data-testid="recording-timer"
          >
            {recording ? <span aria-hidden="true" className="mr-1 inline-block size-2 rounded-full bg-red-500" /> : null}
            {formatDuration(elapsed)} / {formatDuration(MAX_STORY_SECONDS)}
          </span>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="button" size="lg" variant={recording ? "destructive" : "default"} aria-pressed={recording} onClick={toggle}>
            {recording ? <Square aria-hidden="true" /> : <Circle aria-hidden="true" />}
            {recording ? "Stop Recording" : "Start Recording"}
          </Button>
          <Button type="button" size="lg" variant="outline" disabled={recording} onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden="true" /> Upload File
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={Object.keys(STORY_MEDIA_TYPES).join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-label="Video file"
            onChange={(e) => void onFile(e)}
          />
        </div>
        <p className="text-sm font-medium text-muted-foreground">Maximum 3 minutes</p>
        <p role="alert" className="min-h-5 text-sm text-destructive">
          {problem ?? fileProblem}
        </p>
      </div>
      <div className="rounded-xl border bg-secondary/40 p-5">
        <h3 className="font-semibold">Recording tips</h3>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-muted-foreground">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
