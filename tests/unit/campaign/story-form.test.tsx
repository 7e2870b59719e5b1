import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StoryForm } from "@/components/campaign/magic/story-form";
import { callsTo, json, stubFetch } from "../enrolment/test-utils";

afterEach(() => vi.unstubAllGlobals());

const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit | undefined)?.body)) as Record<string, unknown>;
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Submit Story" }));

describe("the /magic story form", () => {
  it("sends only the chosen format's data: words typed before switching to Video are not sent", async () => {
    const fetchMock = stubFetch({
      "/api/campaign/stories": () => json(202, { data: { received: true } }),
    });
    render(<StoryForm />);
    fireEvent.change(screen.getByLabelText("Your story"), { target: { value: "Something I wrote, then changed my mind" } });
    fireEvent.click(screen.getByRole("radio", { name: "Video" }));
    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "maya@example.com" } });
    submit();
    await screen.findByRole("heading", { name: "Story Submitted!" });
    const calls = callsTo(fetchMock, "/api/campaign/stories");
    expect(calls).toHaveLength(1);
    expect(String(calls[0]?.[0])).toBe("/api/campaign/stories/contact");
    expect(bodyOf(calls[0])).toEqual({ format: "video", email: "maya@example.com" });
  });

  it("asks how to reach a video or audio storyteller, and says the address is confirmed first", async () => {
    const fetchMock = stubFetch({ "/api/campaign/stories": () => json(202, { data: { received: true } }) });
    render(<StoryForm />);
    fireEvent.click(screen.getByRole("radio", { name: "Audio" }));
    expect(screen.getByText(/We will reach out to record your audio story/)).toBeTruthy();
    submit();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Please enter your email address."));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "noor@example.com" } });
    submit();
    const done = await screen.findByRole("status");
    expect(done.textContent).toContain("Story Submitted!");
    expect(done.textContent).toContain("confirm your address");
    expect(bodyOf(callsTo(fetchMock, "/api/campaign/stories")[0])).toEqual({ format: "audio", email: "noor@example.com" });
  });

  it("sends a text story's words and nothing else", async () => {
    const fetchMock = stubFetch({ "/api/campaign/stories": () => json(201, { data: { voiceNumber: 7, editLink: null } }) });
    render(<StoryForm />);
    fireEvent.click(screen.getByRole("radio", { name: "Video" }));
    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "maya@example.com" } });
    fireEvent.click(screen.getByRole("radio", { name: "Text" }));
    fireEvent.change(screen.getByLabelText("Your story"), { target: { value: "A walk after dinner halves my spike." } });
    submit();
    await screen.findByRole("heading", { name: "Story Submitted!" });
    const [call] = callsTo(fetchMock, "/api/campaign/stories");
    expect(String(call?.[0])).toBe("/api/campaign/stories");
    expect(bodyOf(call)).toEqual({ type: "text", content: "A walk after dinner halves my spike.", source: "magic_form" });
  });
});
