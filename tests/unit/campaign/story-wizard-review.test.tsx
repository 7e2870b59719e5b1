import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const upload = vi.hoisted(() => ({ uploadStoryVideo: vi.fn() }));
// The camera and Storage are not what this test is about: a recording is handed over as the
// recorder hands it, and the upload answers as the API does.
vi.mock("@/components/campaign/wizard/record-step", () => ({
  RecordStep: ({ onVideo }: { onVideo: (video: { blob: Blob; url: string; durationSeconds: number; contentType: string }) => void }) => (
    <button
      type="button"
      onClick={() =>
        onVideo({ blob: new Blob(["v"], { type: "video/webm" }), url: "blob:story", durationSeconds: 95, contentType: "video/webm" })
      }
    >
      Finish recording
    </button>
  ),
}));
vi.mock("@/components/campaign/wizard/story-video-api", () => upload);

import { StoryWizard } from "@/components/campaign/wizard/story-wizard";
import { lazyCodeLoaded } from "../../fixtures/lazy-code";

const next = () => screen.getByRole("button", { name: "Next" });
const stepLabel = () => document.getElementById("wizard-step-label")?.textContent;

async function reachReview({ record }: { record: boolean }) {
  render(<StoryWizard />);
  fireEvent.click(screen.getByLabelText(/CGM Surprise/));
  fireEvent.click(next());
  fireEvent.click(next());
  await lazyCodeLoaded(import("@/components/campaign/wizard/record-step"));
  if (record) fireEvent.click(await screen.findByRole("button", { name: "Finish recording" }));
  else {
    await screen.findByRole("button", { name: "Finish recording" });
    fireEvent.click(next());
  }
  expect(stepLabel()).toBe("Step 4 of 5: Review");
  // The review (with the upload) is code of its own, fetched while the recorder is shown.
  await lazyCodeLoaded(import("@/components/campaign/wizard/review-step"));
  await screen.findByRole("heading", { name: "Review your video" });
}

beforeEach(() => {
  upload.uploadStoryVideo.mockReset();
  vi.stubGlobal("URL", Object.assign(URL, { revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe("the story wizard's Review step (SPEC §4 Campaign wizard)", () => {
  it("keeps Next disabled when nothing was recorded, so step 5 is never an empty end", async () => {
    await reachReview({ record: false });
    expect(next()).toHaveProperty("disabled", true);
    expect(screen.getByText("Record or upload your video first.")).toBeTruthy();
  });

  it("keeps Next disabled until Looks Good has uploaded, and after a failed upload", async () => {
    upload.uploadStoryVideo.mockRejectedValueOnce(new Error("We couldn't upload your video. Please try again."));
    await reachReview({ record: true });
    expect(next()).toHaveProperty("disabled", true);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Looks Good" }));
    });
    expect(await screen.findByText("We couldn't upload your video. Please try again.")).toBeTruthy();
    expect(stepLabel()).toBe("Step 4 of 5: Review");
    expect(next()).toHaveProperty("disabled", true);
  });

  it("moves to the celebration once uploaded; back on Review, Next returns to it", async () => {
    upload.uploadStoryVideo.mockResolvedValueOnce({ voiceNumber: 3452 });
    await reachReview({ record: true });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Looks Good" }));
    });
    expect(await screen.findByText("Congratulations!")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Go Back" }));
    expect(next()).toHaveProperty("disabled", false);
    fireEvent.click(next());
    expect(screen.getByText("Congratulations!")).toBeTruthy();
  });
});
