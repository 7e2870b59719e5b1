import { describe, expect, it } from "vitest";
import { STORY_TOPICS, WIZARD_STEPS, canGoBack, canGoNext, genericPrompts, wizardProgress } from "@/lib/campaign/story-wizard";
import { MAX_STORY_SECONDS, formatDuration, storyFileProblem, storyMediaType } from "@/lib/campaign/story-media";

describe("story wizard (SPEC §2, §4)", () => {
  it("has five steps and four topics of four prompts each", () => {
    expect(WIZARD_STEPS).toHaveLength(5);
    expect(STORY_TOPICS.map((t) => t.name)).toEqual(["Glucose & Weight", "Family History", "CGM Surprise", "Myth Busting"]);
    for (const topic of STORY_TOPICS) expect(topic.prompts).toHaveLength(4);
  });

  it("Next is disabled on step 0 until a topic is chosen, and on the last step", () => {
    expect(canGoNext(0, { topicChosen: false, uploaded: false })).toBe(false);
    expect(canGoNext(0, { topicChosen: true, uploaded: false })).toBe(true);
    expect(canGoNext(1, { topicChosen: true, uploaded: false })).toBe(true);
    expect(canGoNext(2, { topicChosen: true, uploaded: false })).toBe(true);
    expect(canGoNext(4, { topicChosen: true, uploaded: true })).toBe(false);
  });

  it("keeps Next on Review disabled until Looks Good has uploaded (step 5 celebrates an upload)", () => {
    expect(canGoNext(3, { topicChosen: true, uploaded: false })).toBe(false);
    expect(canGoNext(3, { topicChosen: true, uploaded: true })).toBe(true);
  });

  it("Go Back is disabled on step 0 only", () => {
    expect(canGoBack(0)).toBe(false);
    expect([1, 2, 3, 4].every(canGoBack)).toBe(true);
  });

  it("the progress bar fills a fifth per step", () => {
    expect(wizardProgress(0)).toBe(20);
    expect(wizardProgress(4)).toBe(100);
  });

  it("'Generate Another Set' gives five generic questions with the topic name", () => {
    const prompts = genericPrompts("Myth Busting");
    expect(prompts).toHaveLength(5);
    for (const prompt of prompts) expect(prompt).toContain("Myth Busting");
  });
});

describe("story videos (SPEC §9: at most 3 minutes)", () => {
  it("accepts recorder and file types by their base type", () => {
    expect(storyMediaType("video/webm;codecs=vp8,opus")).toBe("video/webm");
    expect(storyMediaType("video/mp4")).toBe("video/mp4");
    expect(storyMediaType("image/png")).toBeNull();
    expect(storyMediaType("application/x-msdownload")).toBeNull();
  });

  it("refuses a file that is not a video, too long or unreadable", () => {
    expect(storyFileProblem({ type: "image/png", size: 10 }, 10)).toBe("Please choose a video file (WebM, MP4 or MOV).");
    expect(storyFileProblem({ type: "video/mp4", size: 10 }, MAX_STORY_SECONDS + 1)).toBe("Videos can be at most 3 minutes long.");
    expect(storyFileProblem({ type: "video/mp4", size: 10 }, Number.POSITIVE_INFINITY)).toBe(
      "This video could not be read. Please try another file.",
    );
    expect(storyFileProblem({ type: "video/mp4", size: 10 }, MAX_STORY_SECONDS)).toBeNull();
  });

  it("writes durations as m:ss", () => {
    expect(formatDuration(154)).toBe("2:34");
    expect(formatDuration(180)).toBe("3:00");
    expect(formatDuration(5)).toBe("0:05");
  });
});
