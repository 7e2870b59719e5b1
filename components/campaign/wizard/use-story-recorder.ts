"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_STORY_SECONDS, RECORDER_VIDEO_BITS_PER_SECOND, storyMediaType } from "@/lib/campaign/story-media";

export type StoryVideo = { blob: Blob; url: string; durationSeconds: number; contentType: string };

const RECORDER_TYPES = ["video/webm;codecs=vp8,opus", "video/webm", "video/mp4"];

function recorderType(): string | undefined {
  return RECORDER_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Records the camera and microphone with MediaRecorder: a running timer that stops the recording
 * at 3:00 (SPEC §9), a live preview stream, and the finished clip.
 */
export function useStoryRecorder(onRecorded: (video: StoryVideo) => void) {
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const startedAt = useRef(0);
  const timer = useRef<number | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  const release = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    setStream((current) => {
      current?.getTracks().forEach((track) => track.stop());
      return null;
    });
  }, []);

  const stop = useCallback(() => {
    if (recorder.current?.state === "recording") recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    setProblem(null);
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    } catch {
      setProblem("We couldn't reach your camera or microphone. You can upload a video file instead.");
      return;
    }
    const type = recorderType();
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(media, { ...(type ? { mimeType: type } : {}), videoBitsPerSecond: RECORDER_VIDEO_BITS_PER_SECOND });
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = () => {
      const durationSeconds = Math.min(MAX_STORY_SECONDS, (performance.now() - startedAt.current) / 1000);
      const contentType = storyMediaType(rec.mimeType || type || "") ?? "video/webm";
      const blob = new Blob(chunks, { type: contentType });
      release();
      setRecording(false);
      onRecordedRef.current({ blob, url: URL.createObjectURL(blob), durationSeconds, contentType });
    };
    recorder.current = rec;
    setStream(media);
    startedAt.current = performance.now();
    setElapsed(0);
    rec.start(1000);
    setRecording(true);
    timer.current = window.setInterval(() => {
      const seconds = (performance.now() - startedAt.current) / 1000;
      setElapsed(Math.min(MAX_STORY_SECONDS, Math.floor(seconds)));
      // SPEC §9: videos are at most 3 minutes; the recording stops itself there.
      if (seconds >= MAX_STORY_SECONDS) stop();
    }, 250);
  }, [release, stop]);

  useEffect(
    () => () => {
      if (recorder.current?.state === "recording") {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      release();
    },
    [release],
  );

  return { recording, elapsed, stream, problem, start, stop, toggle: () => (recording ? stop() : void start()) };
}
