import { useState } from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PromoVideoDialog, VIDEO_UNAVAILABLE } from "@/components/home/promo-video-dialog";

function OpenDialog({ videoUrl }: { videoUrl?: string }) {
  return <PromoVideoDialog open onOpenChange={vi.fn()} onCloseAutoFocus={vi.fn()} videoUrl={videoUrl} />;
}

const video = () => {
  const element = screen.getByRole("dialog").querySelector("video");
  if (!element) throw new Error("no <video> in the dialog");
  return element;
};

describe("promo video dialog", () => {
  it("plays the intro the site ships: WebM then MP4, a poster, native controls and English captions", () => {
    render(<OpenDialog />);
    const player = video();
    expect(player.hasAttribute("controls")).toBe(true);
    expect(player.getAttribute("poster")).toBe("/promo/intro-poster.jpg");
    const sources = [...player.querySelectorAll("source")].map((source) => [source.getAttribute("src"), source.getAttribute("type")]);
    expect(sources).toEqual([
      ["/promo/intro.webm", "video/webm"],
      ["/promo/intro.mp4", "video/mp4"],
    ]);
    const track = player.querySelector("track");
    expect(track?.getAttribute("kind")).toBe("captions");
    expect(track?.getAttribute("src")).toBe("/promo/intro.vtt");
    expect(track?.getAttribute("srclang")).toBe("en");
    expect(screen.queryByText(VIDEO_UNAVAILABLE)).toBeNull();
  });

  it("can be closed with its Close button", () => {
    render(<OpenDialog />);
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("says the intro is unavailable when the video fails to load", () => {
    render(<OpenDialog />);
    fireEvent.error(video());
    expect(screen.getByRole("status").textContent).toBe(VIDEO_UNAVAILABLE);
    expect(screen.getByRole("dialog").querySelector("video")).toBeNull();
  });

  it("says so too when neither the WebM nor the MP4 loads (the last source reports it)", () => {
    render(<OpenDialog />);
    const sources = video().querySelectorAll("source");
    fireEvent.error(sources[sources.length - 1]!);
    expect(screen.getByRole("status").textContent).toBe(VIDEO_UNAVAILABLE);
  });

  it("plays a configured hosted video instead of the shipped one", () => {
    render(<OpenDialog videoUrl="https://media.example/intro.mp4" />);
    expect(video().getAttribute("src")).toBe("https://media.example/intro.mp4");
    expect(video().querySelector("source")).toBeNull();
    fireEvent.error(video());
    expect(screen.getByRole("status").textContent).toBe(VIDEO_UNAVAILABLE);
  });

  it("tries the video again when the dialog is closed and opened after a failure", () => {
    function Toggle() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Play
          </button>
          <PromoVideoDialog open={open} onOpenChange={setOpen} onCloseAutoFocus={vi.fn()} />
        </>
      );
    }
    render(<Toggle />);
    fireEvent.error(video());
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(video()).toBeTruthy();
    expect(screen.queryByText(VIDEO_UNAVAILABLE)).toBeNull();
  });
});
