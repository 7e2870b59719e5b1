import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { NewsletterForm } from "@/components/layout/newsletter-form";
import { NEWSLETTER_FAILED } from "@/lib/newsletter/newsletter-messages";

const network = vi.hoisted(() => ({ up: false, subscribed: [] as string[] }));
// The form's call loads with the first submit; until the connection comes back it cannot.
vi.mock("@/components/layout/newsletter-api", () => {
  if (!network.up) throw new Error("Failed to load chunk");
  return {
    subscribeToNewsletter: async (email: string) => {
      network.subscribed.push(email);
      return null;
    },
  };
});

describe("the footer's newsletter form when its call cannot load", () => {
  it("says the subscription failed and gives the button back; once the call loads, the next submit subscribes", async () => {
    render(<NewsletterForm />);
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "reader@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText(NEWSLETTER_FAILED)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Subscribe" })).toHaveProperty("disabled", false);

    network.up = true;
    vi.resetModules();
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(network.subscribed).toEqual(["reader@example.com"]));
    expect(await screen.findByRole("status")).toBeTruthy();
  });
});
