import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { CampaignConfirmation } from "@/components/campaign/confirm/campaign-confirmation";
import { json, stubFetch } from "../enrolment/test-utils";

afterEach(() => vi.unstubAllGlobals());

describe("the confirmation page of a story request", () => {
  it("says the team will reach out to record the story once the address is confirmed", async () => {
    stubFetch({
      "/api/campaign/confirmations": () =>
        json(200, { data: { status: "confirmed", purpose: "story-contact", pledge: null, storyFormat: "audio" } }),
    });
    render(<CampaignConfirmation token={"A".repeat(43)} />);
    fireEvent.click(screen.getByRole("button", { name: "Confirm my email" }));
    const done = await screen.findByRole("status");
    expect(done.textContent).toContain("Your address is confirmed. We will reach out to record your audio story.");
  });
});
