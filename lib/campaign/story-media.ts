// The campaign's story videos (SPEC §9: at most 3 minutes), stored as `stories/<uuid>.<ext>`.
export const MAX_STORY_SECONDS = 180;
/** Three minutes of phone video at about 4.4 Mbit/s; the recorder here records at 1.5 Mbit/s. */
export const MAX_STORY_BYTES = 100 * 1024 * 1024;
export const RECORDER_VIDEO_BITS_PER_SECOND = 1_500_000;
export const STORY_BUCKET = "campaign-stories";

export const STORY_MEDIA_TYPES = {
  "video/webm": "webm",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
} as const;
export type StoryMediaType = keyof typeof STORY_MEDIA_TYPES;

export const STORY_MEDIA_PATH_PATTERN = /^stories\/[0-9a-f-]{36}\.(webm|mp4|mov)$/;

/** The base type of a recorder's or file's MIME type ("video/webm;codecs=vp8" is video/webm), or null. */
export function storyMediaType(mime: string): StoryMediaType | null {
  const base = mime.split(";")[0]?.trim().toLowerCase() ?? "";
  return base in STORY_MEDIA_TYPES ? (base as StoryMediaType) : null;
}

/** Why a chosen file cannot be a story video, or null when it can. */
export function storyFileProblem(file: { type: string; size: number }, durationSeconds: number | null): string | null {
  if (!storyMediaType(file.type)) return "Please choose a video file (WebM, MP4 or MOV).";
  if (file.size > MAX_STORY_BYTES) return "This video is too large to upload.";
  if (durationSeconds === null || !Number.isFinite(durationSeconds)) return "This video could not be read. Please try another file.";
  if (durationSeconds > MAX_STORY_SECONDS + 0.5) return "Videos can be at most 3 minutes long.";
  return null;
}

/** 154 s as "2:34". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
