import * as z from "zod/mini";
import { emailSchema } from "../email/email-address";
import { BADGE_TIERS } from "./badge-tier";
import {
  MESSAGE_MAX,
  NAME_MAX,
  ORG_NAME_MAX,
  ORG_TYPE_VALUES,
  RECORDED_STORY_FORMATS,
  REGION_VALUES,
  STORY_FORMATS,
  STORY_TEXT_MAX,
} from "./campaign-options";
import { MAX_STORY_BYTES, MAX_STORY_SECONDS, STORY_MEDIA_PATH_PATTERN, storyMediaType } from "./story-media";

// D6: what the campaign endpoints take and answer inside `{ data }`; the pages parse with the same.

/** A required text field: trimmed, blank refused, at most `max` characters. */
const required = (what: string, max: number) =>
  z
    .string({ error: `Please enter ${what}.` })
    .check(
      z.trim(),
      z.minLength(1, `Please enter ${what}.`),
      z.maxLength(max, `${what[0]?.toUpperCase()}${what.slice(1)} must be at most ${max} characters.`),
    );

/** A one-line field (a name): runs of whitespace, line breaks included, become one space. */
const oneLine = (what: string, max: number) =>
  z.pipe(
    required(what, max),
    z.transform((s) => s.replace(/\s+/g, " ")),
  );

export const pledgeRequestSchema = z.object({
  name: oneLine("your name", NAME_MAX),
  email: emailSchema,
});
export type PledgeRequest = z.input<typeof pledgeRequestSchema>;

/** A confirmed pledge: shown only to whoever holds its address's confirmation link (D18). */
export const pledgeSchema = z.object({
  pledgeNumber: z.int().check(z.minimum(1)),
  tier: z.enum(BADGE_TIERS),
  badgeName: z.string(),
  /** The pledge's public share page (unfurls with its badge card). */
  shareUrl: z.string(),
});
export type Pledge = z.output<typeof pledgeSchema>;

/** A confirmation link's token: 256 bits, base64url. */
export const CONFIRMATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/campaign/confirmations: the token of a confirmation link (/magic/confirm?token=…). */
export const confirmationRequestSchema = z.object({
  token: z
    .string({ error: "This confirmation link is not valid." })
    .check(z.regex(CONFIRMATION_TOKEN_PATTERN, "This confirmation link is not valid.")),
});

/**
 * What using a confirmation link did: confirmed now, confirmed before (using it again changes
 * nothing), or nothing (unknown or expired). A pledge's number and badge come with the first two.
 */
export const confirmationResultSchema = z.object({
  status: z.enum(["confirmed", "already-confirmed", "invalid"]),
  purpose: z.nullable(z.enum(["pledge", "partner", "story-contact"])),
  pledge: z.nullable(pledgeSchema),
  /** A story request's format (purpose story-contact): the team reaches out to record it. */
  storyFormat: z.optional(z.enum(RECORDED_STORY_FORMATS)),
});
export type ConfirmationResult = z.output<typeof confirmationResultSchema>;

/** GET /api/campaign/pledges: confirmed pledges and partners (organisations), counted from zero (DESIGN D6). */
const count = z.int().check(z.nonnegative());
export const pledgeStatsSchema = z.object({ pledges: count, partners: count });
export type PledgeStats = z.output<typeof pledgeStatsSchema>;

export const storyRequestSchema = z
  .object({
    type: z.enum(STORY_FORMATS, { error: "Please choose video, audio or text." }),
    content: z._default(
      z
        .string({ error: "The story must be text." })
        .check(z.trim(), z.maxLength(STORY_TEXT_MAX, `A story must be at most ${STORY_TEXT_MAX} characters.`)),
      "",
    ),
    topic: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
    mediaPath: z.optional(z.string().check(z.regex(STORY_MEDIA_PATH_PATTERN, "The recording is not valid."))),
    source: z._default(z.enum(["magic_form", "story_wizard"]), "magic_form"),
  })
  // SPEC §5: text must be non-empty after trimming. Only the chosen format's data is kept: a text
  // story has no recording, and a video or audio story here is its recording, with no words (one
  // still to be recorded goes to /api/campaign/stories/contact).
  .check(
    z.superRefine((story, ctx) => {
      const problem = (path: "content" | "mediaPath", message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message, input: story });
      if (story.type === "text") {
        if (story.content === "") problem("content", "Please write your story.");
        else if (story.mediaPath !== undefined) problem("mediaPath", "A text story has no recording.");
      } else if (story.content !== "") problem("content", "Only a text story has words.");
      else if (story.mediaPath === undefined) problem("mediaPath", "Please upload your recording.");
    }),
  );
export type StoryRequest = z.input<typeof storyRequestSchema>;

export const storySubmittedSchema = z.object({
  /** The story's place among all stories: the campaign's "voice number". */
  voiceNumber: z.int().check(z.minimum(1)),
  /** The editable social post made from a text story (D7), else null. */
  editLink: z.nullable(z.string()),
});
export type StorySubmitted = z.output<typeof storySubmittedSchema>;

/**
 * POST /api/campaign/stories/contact: the /magic form's Video or Audio answer, "We will reach out to
 * record your … story": the address the team may reach once it confirms (D18).
 */
export const storyContactRequestSchema = z.object({
  format: z.enum(RECORDED_STORY_FORMATS, { error: "Please choose video or audio." }),
  email: emailSchema,
});
export type StoryContactRequest = z.input<typeof storyContactRequestSchema>;

/** How many approved stories the public list holds at most (GET /api/campaign/stories). */
export const APPROVED_STORIES_MAX = 12;

/** An approved story as the public sees it: no address, no recording's path, nothing about its sender. */
export const approvedStorySchema = z.object({
  voiceNumber: z.int().check(z.minimum(1)),
  format: z.enum(STORY_FORMATS),
  topic: z.nullable(z.string()),
  content: z.string(),
  createdAt: z.iso.datetime(),
});
export type ApprovedStory = z.output<typeof approvedStorySchema>;

/** GET /api/campaign/stories: the newest approved stories, newest first. */
export const approvedStoriesSchema = z.object({ stories: z.array(approvedStorySchema).check(z.maxLength(APPROVED_STORIES_MAX)) });

export const partnerPledgeRequestSchema = z.object({
  name: oneLine("your name", NAME_MAX),
  email: emailSchema,
  orgName: oneLine("your organization's name", ORG_NAME_MAX),
  orgType: z.enum(ORG_TYPE_VALUES, { error: "Please choose an organization type." }),
  region: z.enum(REGION_VALUES, { error: "Please choose a region." }),
});
export type PartnerPledgeRequest = z.input<typeof partnerPledgeRequestSchema>;

export const contactMessageRequestSchema = z.object({
  name: oneLine("your name", NAME_MAX),
  email: emailSchema,
  orgName: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(ORG_NAME_MAX, `Organization must be at most ${ORG_NAME_MAX} characters.`))),
    z.transform((v) => (v ? v.replace(/\s+/g, " ") : null)),
  ),
  message: required("a message", MESSAGE_MAX),
});
export type ContactMessageRequest = z.input<typeof contactMessageRequestSchema>;

/** The answer to a campaign form: the same whatever the address has done before (D18). */
export const receivedSchema = z.object({ received: z.literal(true) });

/** A pledge's number in an address (/magic/pledge/{number}). */
export const pledgeNumberParamsSchema = z.object({
  number: z.coerce
    .number({ error: "The pledge number is not valid." })
    .check(
      z.int("The pledge number is not valid."),
      z.minimum(1, "The pledge number is not valid."),
      z.maximum(1_000_000_000, "The pledge number is not valid."),
    ),
});

/** POST /api/campaign/stories/upload: what the browser is about to upload (SPEC §9: at most 3 minutes). */
export const storyUploadRequestSchema = z.object({
  contentType: z.pipe(
    z.string({ error: "Please choose a video file (WebM, MP4 or MOV)." }),
    z.transform((value, ctx) => {
      const type = storyMediaType(value);
      if (!type) {
        ctx.issues.push({ code: "custom", message: "Please choose a video file (WebM, MP4 or MOV).", input: value });
        return z.NEVER;
      }
      return type;
    }),
  ),
  size: z
    .number({ error: "The video's size is missing." })
    .check(z.int(), z.minimum(1, "The video is empty."), z.maximum(MAX_STORY_BYTES, "This video is too large to upload.")),
  durationSeconds: z
    .number({ error: "The video's length is missing." })
    .check(z.positive("The video is empty."), z.maximum(MAX_STORY_SECONDS + 0.5, "Videos can be at most 3 minutes long.")),
});
export type StoryUploadRequest = z.input<typeof storyUploadRequestSchema>;

/** Where the browser uploads the video itself: a signed upload URL's path and token in the story bucket. */
export const storyUploadSchema = z.object({ bucket: z.string(), path: z.string(), token: z.string() });
export type StoryUpload = z.output<typeof storyUploadSchema>;
