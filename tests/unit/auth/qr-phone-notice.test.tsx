import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { fakeSupabase, type FakeSupabase } from "./fake-supabase";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn(), refresh: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn() },
  supabase: null as unknown as FakeSupabase,
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/components/auth/supabase-browser", () => ({ createClient: () => mocks.supabase }));

import { AuthForm } from "@/components/auth/auth-form";
import { parseQrPhoneNotice, qrPhonePath } from "@/lib/telegram/qr-phone-notice";

// The phone that opened the dashboard's QR code used to land on a bare "Log in to your account".

/** /auth as its page renders the form for this address. */
function arrive(path: string) {
  const params = new URL(path, "http://localhost").searchParams;
  return render(
    <AuthForm
      next={params.get("next") ?? "/dashboard"}
      telegramId={null}
      googleFailed={false}
      qrNotice={parseQrPhoneNotice(params.get("qr") ?? undefined)}
    />,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.supabase = fakeSupabase();
});

describe("/auth on the phone that opened the dashboard's QR code", () => {
  it("says the sign-in link was emailed and is to be opened on this phone", () => {
    arrive(qrPhonePath("sent", "/dashboard?step=1&mobile=true&qr=true"));
    expect(screen.getByRole("status").textContent).toContain("We emailed you a sign-in link: open it on this phone.");
    expect(screen.queryByText(/has expired/)).toBeNull();
  });

  it("says a lapsed code has expired and how to get a new one", () => {
    arrive(qrPhonePath("expired"));
    expect(screen.getByRole("status").textContent).toContain("This code has expired. Show a new one on your computer and scan it again.");
    expect(screen.queryByText(/We emailed you/)).toBeNull();
  });

  it("keeps the walkthrough step to go on to once signed in", () => {
    expect(qrPhonePath("sent", "/dashboard?step=1&mobile=true&qr=true")).toBe(
      "/auth?next=%2Fdashboard%3Fstep%3D1%26mobile%3Dtrue%26qr%3Dtrue&qr=sent",
    );
  });

  it("says nothing of a QR code on a plain visit or an unknown value", () => {
    arrive("/auth");
    expect(screen.queryByTestId("qr-phone-notice")).toBeNull();
    expect(parseQrPhoneNotice("anything")).toBeNull();
  });
});
