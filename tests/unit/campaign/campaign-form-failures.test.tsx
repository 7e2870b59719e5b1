import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StoryForm } from "@/components/campaign/magic/story-form";
import { ContactForm } from "@/components/campaign/partner/contact-form";
import { PartnerPledgeForm } from "@/components/campaign/partner/partner-pledge-form";
import { CAMPAIGN_FAILED } from "@/components/campaign/shared/campaign-api";

afterEach(() => vi.unstubAllGlobals());

// A call that never gets an answer (offline, or the connection dropped).
const goOffline = () => vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** After a failed send: the form says so and its button is back, ready for another try. */
async function expectReadyAgain(label: string) {
  await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(CAMPAIGN_FAILED));
  const button = screen.getByRole("button", { name: label });
  expect(button.hasAttribute("disabled")).toBe(false);
}

describe("a campaign form whose call gets no answer says so and can be sent again", () => {
  it("the /magic story form", async () => {
    goOffline();
    render(<StoryForm />);
    type("Your story", "My glucose dipped after lunch.");
    fireEvent.click(screen.getByRole("button", { name: "Submit Story" }));
    await expectReadyAgain("Submit Story");
  });

  it("the partner pledge form", async () => {
    goOffline();
    render(<PartnerPledgeForm />);
    type("Your name", "Ada");
    type("Work email", "ada@example.com");
    type("Organization name", "Clinic");
    fireEvent.change(screen.getByLabelText("Organization type"), {
      target: { value: (screen.getByLabelText("Organization type") as HTMLSelectElement).options[1]!.value },
    });
    fireEvent.change(screen.getByLabelText("Region"), {
      target: { value: (screen.getByLabelText("Region") as HTMLSelectElement).options[1]!.value },
    });
    fireEvent.click(screen.getByRole("button", { name: "Sign the Partner Pledge" }));
    await expectReadyAgain("Sign the Partner Pledge");
  });

  it("the partner contact form", async () => {
    goOffline();
    render(<ContactForm />);
    type("Name", "Ada");
    type("Email", "ada@example.com");
    type("Message", "Can we talk?");
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await expectReadyAgain("Send Message");
  });
});
