import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { fakeSupabase, sessionFor, type FakeSupabase } from "./fake-supabase";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
  supabase: null as unknown as FakeSupabase,
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));

import { ResetPasswordForm } from "@/components/auth/reset-password-form";

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function renderSignedIn(next?: string) {
  mocks.supabase.auth.getSession.mockResolvedValue({ data: { session: sessionFor("a@example.com") }, error: null });
  render(<ResetPasswordForm next={next} />);
  await screen.findByLabelText("New password");
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
});

describe("/auth/reset-password", () => {
  it("explains an expired link and links back to /auth for a new email", async () => {
    render(<ResetPasswordForm />);
    expect(screen.getByRole("status").textContent).toBe("Checking your reset link");
    await screen.findByText("This reset link has expired or was already used.");
    expect(screen.getByRole("link", { name: "Request a new email" }).getAttribute("href")).toBe("/auth");
  });

  it("rejects a password under 8 characters with 'Password too short'", async () => {
    await renderSignedIn();
    fill("New password", "short");
    fill("Confirm new password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect(mocks.toast.error).toHaveBeenCalledWith("Password too short", { description: "Password must be at least 8 characters long." });
    expect(mocks.supabase.auth.updateUser).not.toHaveBeenCalled();
  });

  it("rejects a confirmation that differs with 'Passwords do not match'", async () => {
    await renderSignedIn();
    fill("New password", "long enough 1");
    fill("Confirm new password", "long enough 2");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect(mocks.toast.error).toHaveBeenCalledWith("Passwords do not match", {
      description: "Please make sure both passwords are identical.",
    });
    expect(screen.getByRole("alert").textContent).toBe("Please make sure both passwords are identical.");
    expect(mocks.supabase.auth.updateUser).not.toHaveBeenCalled();
  });

  it("saves the new password and goes to the dashboard", async () => {
    await renderSignedIn();
    fill("New password", "long enough");
    fill("Confirm new password", "long enough");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/dashboard"));
    expect(mocks.supabase.auth.updateUser).toHaveBeenCalledWith({ password: "long enough" });
    expect(mocks.toast.success).toHaveBeenCalledWith("Password updated", expect.anything());
  });

  it("after a confirmation link, saves the chosen password and goes on to the page the link was for", async () => {
    await renderSignedIn("/payment?plan=popular");
    fill("New password", "long enough");
    fill("Confirm new password", "long enough");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/payment?plan=popular"));
    expect(mocks.supabase.auth.updateUser).toHaveBeenCalledWith({ password: "long enough" });
  });

  it("shows the auth service's message when saving fails", async () => {
    mocks.supabase.auth.updateUser.mockResolvedValue({
      data: { user: null },
      error: new Error("New password should be different from the old password."),
    });
    await renderSignedIn();
    fill("New password", "long enough");
    fill("Confirm new password", "long enough");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith("Authentication Error", {
        description: "New password should be different from the old password.",
      }),
    );
    expect(mocks.router.replace).not.toHaveBeenCalled();
  });
});
