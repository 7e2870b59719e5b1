import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { fakeSupabase, type FakeSupabase } from "./fake-supabase";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
  supabase: null as unknown as FakeSupabase,
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
const createClient = vi.hoisted(() => vi.fn());
vi.mock("@/components/auth/supabase-browser", () => ({ createClient }));

import { AuthForm, type AuthFormProps } from "@/components/auth/auth-form";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { storageKeys } from "@/lib/storage-keys";

const SESSION_COOKIE = sessionCookieName(publicEnv.supabaseUrl);

let fetchMock: ReturnType<typeof vi.fn>;

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

function renderForm(props: Partial<AuthFormProps> = {}) {
  return render(<AuthForm next="/dashboard" telegramId={null} googleFailed={false} {...props} />);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function sentBody(): unknown {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body));
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.supabase = fakeSupabase();
  createClient.mockImplementation(() => mocks.supabase);
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("/auth log in", () => {
  it("shows inline messages and sends nothing when email and password are empty", () => {
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(screen.getByText("Please enter your email address.")).toBeTruthy();
    expect(screen.getByText("You must provide either an email or phone number and a password.")).toBeTruthy();
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(email);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("flags an address that is not an email", () => {
    renderForm();
    fill("Email", "not-an-email");
    fill("Password", "secret");
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid email address.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("toasts 'Welcome back!', replaces the page with next and refreshes", async () => {
    respond(200, { data: { user: { id: "u", email: "a@example.com" } } });
    renderForm({ next: "/payment" });
    fill("Email", " a@example.com ");
    fill("Password", "secret");
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/payment"));
    expect(mocks.router.refresh).toHaveBeenCalled();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/sign-in");
    expect(sentBody()).toEqual({ email: "a@example.com", password: "secret" });
    expect(mocks.toast.success).toHaveBeenCalledWith("Welcome back!", { description: "You've successfully logged in." });
  });

  it("shows 'Authentication Error' with the server's message when the login fails", async () => {
    respond(400, { error: "Invalid login credentials", code: "invalid_credentials" });
    renderForm();
    fill("Email", "a@example.com");
    fill("Password", "wrong");
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith("Authentication Error", { description: "Invalid login credentials" }),
    );
    expect(mocks.router.replace).not.toHaveBeenCalled();
  });

  it("falls back to 'An error occurred during authentication.' without a server message", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    renderForm();
    fill("Email", "a@example.com");
    fill("Password", "secret");
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith("Authentication Error", { description: "An error occurred during authentication." }),
    );
  });
});

describe("/auth sign up", () => {
  function openSignUp() {
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Sign up" }));
  }

  it("rejects a 7-character password with 'Password too short'", () => {
    renderForm();
    openSignUp();
    fill("Email", "a@example.com");
    fill("Password", "1234567");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(mocks.toast.error).toHaveBeenCalledWith("Password too short", { description: "Password must be at least 8 characters long." });
    expect(screen.getByRole("alert").textContent).toBe("Password must be at least 8 characters long.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("toasts 'Check your email' and shows the check-your-inbox state", async () => {
    respond(200, { data: { status: "check_email" } });
    renderForm({ next: "/payment" });
    openSignUp();
    fill("Email", "new@example.com");
    fill("Password", "long enough");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByRole("heading", { level: 1, name: "Check your inbox" });
    expect(sentBody()).toEqual({ email: "new@example.com", password: "long enough", next: "/payment" });
    expect(mocks.toast.success).toHaveBeenCalledWith("Check your email", {
      description: "We've sent you a verification link to complete your signup.",
    });
    expect(screen.getByRole("status").textContent).toContain("new@example.com");
  });
});

describe("/auth email links", () => {
  it("asks for the email before sending a password reset", () => {
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Forgot password?" }));
    expect(mocks.toast.error).toHaveBeenCalledWith("Email required", {
      description: "Please enter your email address to reset your password.",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("toasts 'Password reset email sent' once the reset is sent", async () => {
    respond(200, { data: { status: "sent" } });
    renderForm();
    fill("Email", "a@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Forgot password?" }));
    await waitFor(() =>
      expect(mocks.toast.success).toHaveBeenCalledWith("Password reset email sent", {
        description: "Check your email for the password reset link.",
      }),
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/forgot-password");
  });

  it("toasts 'Error' when the reset cannot be sent", async () => {
    respond(503, { error: "Sign-in is unavailable right now.", code: "unavailable" });
    renderForm();
    fill("Email", "a@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Forgot password?" }));
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith("Error", { description: "Failed to send password reset email." }));
  });

  it("confirms a one-time sign-in link", async () => {
    respond(200, { data: { status: "sent" } });
    renderForm({ next: "/payment" });
    fill("Email", "a@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await screen.findByText("If an account exists for that address, a sign-in link is on its way. Check your email.");
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/sign-in-link");
    expect(sentBody()).toEqual({ email: "a@example.com", next: "/payment" });
  });
});

describe("/auth on arrival", () => {
  it("keeps a telegram_id as the pending messaging-app id", () => {
    renderForm({ telegramId: "123456" });
    expect(localStorage.getItem(storageKeys.pendingTelegramId)).toBe("123456");
  });

  it("says 'Sign in failed' when Google sign-in could not start", () => {
    renderForm({ googleFailed: true });
    expect(mocks.toast.error).toHaveBeenCalledWith(
      "Sign in failed",
      expect.objectContaining({ description: "Failed to sign in with Google." }),
    );
  });

  it("sends a visitor who is already signed in on to next", async () => {
    document.cookie = `${SESSION_COOKIE}=base64-e30; path=/`;
    try {
      mocks.supabase.auth.getClaims.mockResolvedValue({ data: { claims: { sub: "user-1" } }, error: null });
      renderForm({ next: "/payment" });
      await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/payment"));
    } finally {
      document.cookie = `${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  });

  it("never loads the auth client for a visitor without a session cookie (nobody to send on)", async () => {
    mocks.supabase.auth.getClaims.mockResolvedValue({ data: { claims: { sub: "user-1" } }, error: null });
    renderForm({ next: "/payment" });
    await screen.findByLabelText("Email");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(createClient).not.toHaveBeenCalled();
    expect(mocks.router.replace).not.toHaveBeenCalled();
  });

  it("links 'Continue with Google' to /auth/google with next", () => {
    renderForm({ next: "/payment?step=3" });
    expect(screen.getByRole("link", { name: "Continue with Google" }).getAttribute("href")).toBe("/auth/google?next=%2Fpayment%3Fstep%3D3");
  });
});
