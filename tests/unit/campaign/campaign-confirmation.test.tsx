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

describe("the confirmation page of a pledge whose number is still being given", () => {
  it("says the number is being assigned, asks again and shows the number once it is given", async () => {
    let asked = 0;
    const fetchMock = stubFetch({
      "/api/campaign/confirmations": () => {
        asked += 1;
        return asked < 3
          ? json(200, { data: { status: asked === 1 ? "confirmed" : "already-confirmed", purpose: "pledge", pledge: null } })
          : json(200, {
              data: {
                status: "already-confirmed",
                purpose: "pledge",
                pledge: { pledgeNumber: 42, tier: "gold", badgeName: "Founding 100", shareUrl: "http://localhost:3000/magic/pledge/42" },
              },
            });
      },
    });
    render(<CampaignConfirmation token={"A".repeat(43)} />);
    fireEvent.click(screen.getByRole("button", { name: "Confirm my email" }));
    const waiting = await screen.findByRole("status");
    expect(waiting.textContent).toContain("Your pledge is confirmed");
    expect(waiting.textContent).toContain("Your pledger number is being assigned");
    const heading = await screen.findByRole("heading", { name: /You are pledger #?42!/ }, { timeout: 6000 });
    expect(heading).toBeTruthy();
    // Told as a first confirmation, not "already confirmed", though the page asked again.
    expect(screen.getByRole("status").textContent).toContain("Your pledge is confirmed.");
    expect(fetchMock).toHaveBeenCalledTimes(3);
  }, 10_000);
});
