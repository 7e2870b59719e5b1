import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { fakeSupabase } from "./fake-supabase";

function verifySupabase() {
  const base = fakeSupabase();
  return {
    ...base,
    auth: {
      ...base.auth,
      signUp: vi.fn(),
      signInWithPassword: vi.fn(),
      getUser: vi.fn(),
    },
  };
}

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
  query: new URLSearchParams(),
  supabase: null as unknown as ReturnType<typeof verifySupabase>,
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router, useSearchParams: () => mocks.query, usePathname: () => "/verify" }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));

import { VerifyEmail } from "@/components/auth/verify-email/verify-email";
import { storageKeys } from "@/lib/storage-keys";

const TOKEN = "tok_abcdefghijklmnopqrstuvwxyz0123";
const EMAIL = "buyer@example.com";
const USER_ID = "5b0c7a3e-2f41-4c8e-9d7a-1e2f3a4b5c6d";
const PASSWORD = "a-good-secret-9";

type Reply = { status: number; body: unknown };
let replies: { validate: Reply; complete: Reply };
let fetchMock: ReturnType<typeof vi.fn>;

function json({ status, body }: Reply) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const valid = (hasAccount: boolean): Reply => ({ status: 200, body: { data: { valid: true, email: EMAIL, hasAccount } } });
const invalidLink: Reply = {
  status: 400,
  body: {
    error: "The verification link is invalid or has expired.",
    message: "The verification link is invalid or has expired.",
    code: "invalid_link",
  },
};
const completed: Reply = { status: 200, body: { data: { verified: true, email: EMAIL } } };

/** The JSON bodies sent for one action, in order. */
function sent(action: "validate" | "complete"): unknown[] {
  return fetchMock.mock.calls
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as { action: string })
    .filter((body) => body.action === action);
}

function open(query: Record<string, string>) {
  mocks.query = new URLSearchParams(query);
  return render(<VerifyEmail />);
}

async function openValid(hasAccount = false) {
  replies.validate = valid(hasAccount);
  open({ token: TOKEN, email: EMAIL });
  await screen.findByRole("link", { name: "Continue with Google" });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function signedIn() {
  return { data: { user: { id: USER_ID, email: EMAIL }, session: { access_token: "token" } }, error: null };
}

/** Lets pending promises and (fake) timers of 0 ms run. */
async function settle() {
  for (let i = 0; i < 10; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.supabase = verifySupabase();
  replies = { validate: valid(false), complete: completed };
  fetchMock = vi.fn((_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { action: string };
    return Promise.resolve(json(body.action === "validate" ? replies.validate : replies.complete));
  });
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("verify-email: the link", () => {
  it("toasts 'Invalid Link' and goes home when the token is missing", () => {
    open({ email: EMAIL });
    expect(mocks.toast.error).toHaveBeenCalledWith("Invalid Link", expect.anything());
    expect(mocks.router.replace).toHaveBeenCalledWith("/");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("toasts 'Invalid Link' and goes home when the email is missing", () => {
    open({ token: TOKEN });
    expect(mocks.toast.error).toHaveBeenCalledWith("Invalid Link", expect.anything());
    expect(mocks.router.replace).toHaveBeenCalledWith("/");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a labelled spinner while the link is checked, and checks it without a token header", () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    open({ token: TOKEN, email: EMAIL });
    expect(screen.getByRole("status").textContent).toBe("Checking your verification link");
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/verify-email", expect.objectContaining({ method: "POST" }));
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(new Headers(init.headers).has("authorization")).toBe(false);
    expect(sent("validate")).toEqual([{ action: "validate", token: TOKEN, email: EMAIL }]);
  });

  it("shows 'Invalid Verification Link' with 'Return to Home' and toasts 'Verification Failed' for a bad link", async () => {
    replies.validate = invalidLink;
    open({ token: TOKEN, email: EMAIL });
    expect(await screen.findByRole("heading", { name: "Invalid Verification Link" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    expect(mocks.toast.error).toHaveBeenCalledWith("Verification Failed", {
      id: "verification-failed",
      description: "The verification link is invalid or has expired.",
    });
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("treats a malformed link (422) as invalid", async () => {
    replies.validate = { status: 422, body: { error: "bad", message: "bad", code: "validation_failed" } };
    open({ token: "short", email: EMAIL });
    expect(await screen.findByRole("heading", { name: "Invalid Verification Link" })).toBeTruthy();
  });

  it("offers 'Try again' when the check itself failed, and recovers", async () => {
    replies.validate = {
      status: 500,
      body: {
        error: "Something went wrong on our side. Please try again.",
        message: "Something went wrong on our side. Please try again.",
        code: "internal",
      },
    };
    open({ token: TOKEN, email: EMAIL });
    await screen.findByRole("heading", { name: "Invalid Verification Link" });
    expect(mocks.toast.error).toHaveBeenCalledWith(
      "Verification Failed",
      expect.objectContaining({ description: "Something went wrong on our side. Please try again." }),
    );
    replies.validate = valid(false);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Create account" })).toBeTruthy();
    expect(sent("validate")).toHaveLength(2);
  });
});

describe("verify-email: a valid link for a new account", () => {
  it("offers Google (recommended) and the email form with the link's email fixed", async () => {
    await openValid();
    expect(screen.getByRole("heading", { level: 1, name: "Set up your account" })).toBeTruthy();
    expect(screen.getByText("Recommended")).toBeTruthy();
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(email.value).toBe(EMAIL);
    expect(email.readOnly).toBe(true);
    expect(screen.getByLabelText("Password")).toBeTruthy();
    expect(screen.getByLabelText("Confirm password")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create account" })).toBeTruthy();
  });

  it("refuses a password under 8 characters with 'Password too short'", async () => {
    await openValid();
    fill("Password", "short");
    fill("Confirm password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(mocks.toast.error).toHaveBeenCalledWith("Password too short", { description: "Password must be at least 8 characters long." });
    expect(screen.getByRole("alert").textContent).toBe("Password must be at least 8 characters long.");
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(sent("complete")).toEqual([]);
  });

  it("refuses different passwords with 'Passwords do not match'", async () => {
    await openValid();
    fill("Password", PASSWORD);
    fill("Confirm password", `${PASSWORD}x`);
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(mocks.toast.error).toHaveBeenCalledWith("Passwords do not match", {
      description: "Please make sure both passwords are identical.",
    });
    expect(screen.getByRole("alert").textContent).toBe("Please make sure both passwords are identical.");
    expect(document.activeElement).toBe(screen.getByLabelText("Confirm password"));
    expect(sent("complete")).toEqual([]);
  });

  it("has the server create the account with the chosen password, signs in, says 'Account Verified!' and goes to /dashboard after 2 s", async () => {
    vi.useFakeTimers();
    localStorage.setItem(storageKeys.pendingVerification, JSON.stringify({ token: TOKEN, email: EMAIL }));
    mocks.supabase.auth.signInWithPassword.mockResolvedValue(signedIn());
    open({ token: TOKEN, email: EMAIL });
    await settle();
    fill("Password", PASSWORD);
    fill("Confirm password", PASSWORD);
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByRole("button", { name: "Creating account…" }).getAttribute("aria-busy")).toBe("true");
    expect((screen.getByLabelText("Password") as HTMLInputElement).disabled).toBe(true);
    await settle();

    // No sign-up from the browser (which Supabase would answer with an earlier registrant's
    // account), and the set-up token never goes into the account's metadata.
    expect(mocks.supabase.auth.signUp).not.toHaveBeenCalled();
    expect(sent("complete")).toEqual([{ action: "complete", token: TOKEN, email: EMAIL, password: PASSWORD }]);
    expect(mocks.supabase.auth.signInWithPassword).toHaveBeenCalledWith({ email: EMAIL, password: PASSWORD });
    expect(mocks.toast.success).toHaveBeenCalledWith("Account Verified!", expect.anything());
    expect(screen.getByRole("heading", { level: 1, name: "Account Verified!" })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.pendingVerification)).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(mocks.router.replace).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(mocks.router.replace).toHaveBeenCalledWith("/dashboard");
  });

  it("toasts 'Verification Error' and stays when the account cannot be created", async () => {
    for (const reply of [invalidLink, { status: 503, body: { error: "Failed to complete account setup.", code: "unavailable" } }]) {
      vi.clearAllMocks();
      replies.complete = reply;
      const view = open({ token: TOKEN, email: EMAIL });
      await screen.findByRole("link", { name: "Continue with Google" });
      fill("Password", PASSWORD);
      fill("Confirm password", PASSWORD);
      fireEvent.click(screen.getByRole("button", { name: "Create account" }));
      await waitFor(() =>
        expect(mocks.toast.error).toHaveBeenCalledWith("Verification Error", { description: "Failed to complete account setup." }),
      );
      expect(mocks.supabase.auth.signInWithPassword).not.toHaveBeenCalled();
      expect(screen.getByRole("button", { name: "Create account" }).getAttribute("aria-disabled")).toBeNull();
      expect(mocks.toast.success).not.toHaveBeenCalled();
      view.unmount();
    }
  });

  it("switches to signing in when the address already has an account (409)", async () => {
    replies.complete = { status: 409, body: { error: "This email address already has an account.", code: "conflict" } };
    await openValid();
    fill("Password", PASSWORD);
    fill("Confirm password", PASSWORD);
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(
      await screen.findByText("This email address already has an account. Sign in with its password to link your purchase to it."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in to link your purchase" })).toBeTruthy();
    expect(screen.queryByLabelText("Confirm password")).toBeNull();
    expect(mocks.supabase.auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it("goes to /auth after 2 s when the account is verified but signing in fails", async () => {
    vi.useFakeTimers();
    mocks.supabase.auth.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: { message: "Invalid login credentials" },
    });
    open({ token: TOKEN, email: EMAIL });
    await settle();
    fill("Password", PASSWORD);
    fill("Confirm password", PASSWORD);
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    await settle();
    expect(screen.getByRole("heading", { level: 1, name: "Account Verified!" })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(mocks.router.replace).toHaveBeenCalledWith("/auth?next=%2Fdashboard");
  });
});

describe("verify-email: a valid link for an existing account", () => {
  it("asks only for the password, with 'Forgot password?' to /auth", async () => {
    await openValid(true);
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe(EMAIL);
    expect(screen.queryByLabelText("Confirm password")).toBeNull();
    expect(screen.getByRole("button", { name: "Sign in to link your purchase" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/auth");
  });

  it("signs in, completes the link for the signed-in user and says 'Account Verified!'", async () => {
    mocks.supabase.auth.signInWithPassword.mockResolvedValue(signedIn());
    await openValid(true);
    fill("Password", "their-old-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in to link your purchase" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Account Verified!" })).toBeTruthy();
    expect(mocks.supabase.auth.signInWithPassword).toHaveBeenCalledWith({ email: EMAIL, password: "their-old-password" });
    expect(mocks.supabase.auth.signUp).not.toHaveBeenCalled();
    expect(sent("complete")).toEqual([{ action: "complete", token: TOKEN, email: EMAIL, authId: USER_ID }]);
    expect(mocks.toast.success).toHaveBeenCalledWith("Account Verified!", expect.anything());
  });

  it("toasts 'Sign in failed' with the auth service's message for a wrong password", async () => {
    mocks.supabase.auth.signInWithPassword.mockResolvedValue({
      data: { user: null, session: null },
      error: { message: "Invalid login credentials" },
    });
    await openValid(true);
    fill("Password", "wrong-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in to link your purchase" }));
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith("Sign in failed", { description: "Invalid login credentials" }));
    expect(screen.getByRole("alert").textContent).toBe("Invalid login credentials");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Password")));
    expect(sent("complete")).toEqual([]);
  });

  it("toasts 'Verification Error' when the link cannot be completed after signing in", async () => {
    mocks.supabase.auth.signInWithPassword.mockResolvedValue(signedIn());
    replies.complete = {
      status: 403,
      body: {
        error: "This account does not match the verification link.",
        message: "This account does not match the verification link.",
        code: "forbidden",
      },
    };
    await openValid(true);
    fill("Password", "their-old-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in to link your purchase" }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith("Verification Error", { description: "Failed to complete account setup." }),
    );
    expect(mocks.toast.success).not.toHaveBeenCalled();
  });
});

describe("verify-email: Google", () => {
  it("starts Google through /auth/google with a verify=true callback, coming back here if it cannot start", async () => {
    await openValid();
    const google = screen.getByRole("link", { name: "Continue with Google" });
    const href = new URL(google.getAttribute("href") ?? "", "http://localhost");
    expect(href.pathname).toBe("/auth/google");
    expect(Object.fromEntries(href.searchParams)).toEqual({
      next: "/dashboard",
      verify: "true",
      back: `/verify?${new URLSearchParams({ token: TOKEN, email: EMAIL })}`,
    });
  });

  it("keeps the link as the pending verification as the visitor leaves for Google", async () => {
    await openValid();
    const google = screen.getByRole("link", { name: "Continue with Google" });
    google.addEventListener("click", (event) => event.preventDefault());
    fireEvent.click(google);
    expect(JSON.parse(localStorage.getItem(storageKeys.pendingVerification) ?? "null")).toEqual({ token: TOKEN, email: EMAIL });
    expect(google.getAttribute("aria-busy")).toBe("true");
  });

  it("toasts 'Sign in failed' and forgets the pending record when /auth/google sends the visitor back", async () => {
    localStorage.setItem(storageKeys.pendingVerification, JSON.stringify({ token: TOKEN, email: EMAIL }));
    replies.validate = valid(false);
    open({ token: TOKEN, email: EMAIL, error: "google" });
    await screen.findByRole("link", { name: "Continue with Google" });
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith("Sign in failed", {
        id: "google-sign-in-failed",
        description: "Failed to sign in with Google.",
      }),
    );
    expect(localStorage.getItem(storageKeys.pendingVerification)).toBeNull();
  });
});
