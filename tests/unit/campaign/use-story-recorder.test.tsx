import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useStoryRecorder, type StoryVideo } from "@/components/campaign/wizard/use-story-recorder";

// A stand-in for the browser's MediaRecorder: it records whatever it is given and hands over one
// chunk when stopped, as the real one does.
class FakeRecorder {
  static isTypeSupported = (type: string) => type.startsWith("video/webm");
  state: "inactive" | "recording" = "inactive";
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: unknown, options: { mimeType?: string }) {
    this.mimeType = options.mimeType ?? "video/webm";
  }
  start() {
    this.state = "recording";
  }
  stop() {
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob(["frames"], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const stopTrack = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "performance"] });
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] })) },
  });
  URL.createObjectURL = vi.fn(() => "blob:recorded");
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  stopTrack.mockReset();
});

describe("the story recorder (SPEC §9: videos are at most 3 minutes)", () => {
  it("runs a timer while recording and stops by itself at 3:00", async () => {
    const recorded: StoryVideo[] = [];
    const { result } = renderHook(() => useStoryRecorder((video) => recorded.push(video)));
    await act(async () => {
      await result.current.start();
    });
    expect(result.current.recording).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(65_000);
    });
    expect(result.current.elapsed).toBe(65);
    await act(async () => {
      vi.advanceTimersByTime(114_000);
    });
    expect(result.current.recording).toBe(true);
    expect(recorded).toHaveLength(0);

    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(result.current.recording).toBe(false);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ url: "blob:recorded", durationSeconds: 180, contentType: "video/webm" });
    expect(stopTrack).toHaveBeenCalled();
  });

  it("hands over a shorter clip with its measured length when stopped", async () => {
    const recorded: StoryVideo[] = [];
    const { result } = renderHook(() => useStoryRecorder((video) => recorded.push(video)));
    await act(async () => {
      await result.current.start();
    });
    await act(async () => {
      vi.advanceTimersByTime(42_500);
    });
    act(() => result.current.stop());
    expect(recorded[0]?.durationSeconds).toBeCloseTo(42.5, 1);
    expect(recorded[0]?.blob.size).toBeGreaterThan(0);
  });

  it("says so when the camera cannot be reached", async () => {
    vi.mocked(navigator.mediaDevices.getUserMedia).mockRejectedValueOnce(new DOMException("denied", "NotAllowedError"));
    const { result } = renderHook(() => useStoryRecorder(() => {}));
    await act(async () => {
      await result.current.start();
    });
    expect(result.current.recording).toBe(false);
    expect(result.current.problem).toBe("We couldn't reach your camera or microphone. You can upload a video file instead.");
  });
});
