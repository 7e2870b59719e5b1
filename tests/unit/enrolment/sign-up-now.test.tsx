import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SignUpNowButton } from "@/components/enrolment/payment-success/sign-up-now-button";
import { lazyCodeLoaded } from "../../fixtures/lazy-code";

describe("'Sign Up Now' on /payment-success (SPEC §2)", () => {
  it("opens a sign-up dialog that leads to sign-up and then /dashboard", async () => {
    render(<SignUpNowButton />);
    fireEvent.click(screen.getByRole("button", { name: "Sign Up Now" }));
    // The dialog loads late: its code arrives, then it opens.
    await lazyCodeLoaded(import("@/components/enrolment/payment-success/sign-up-now-dialog"));
    const dialog = await screen.findByRole("dialog", { name: "Create your account" });
    const link = dialog.querySelector("a");
    expect(link?.getAttribute("href")).toBe("/auth?mode=sign-up&next=/dashboard");
  });
});
