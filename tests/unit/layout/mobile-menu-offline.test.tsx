import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CODE_LOAD_FAILED } from "@/components/errors/load-error";
import { MobileMenu } from "@/components/layout/mobile-menu";
import { lazyCodeLoaded } from "../../fixtures/lazy-code";

const network = vi.hoisted(() => ({ up: false, fetches: 0 }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }), usePathname: () => "/" }));
// The drawer's code cannot be fetched until the connection comes back.
vi.mock("@/components/layout/mobile-drawer", async (importOriginal) => {
  network.fetches += 1;
  if (!network.up) throw new Error("Failed to load chunk");
  return importOriginal();
});

describe("the header's menu button when the drawer's code cannot load", () => {
  it("starts the code when reached for, says it could not load, and 'Try again' opens the menu once the code arrives", async () => {
    render(<MobileMenu />);
    const menu = screen.getByRole("button", { name: "Open menu" });
    expect(network.fetches).toBe(0);
    fireEvent.focus(menu);
    await waitFor(() => expect(network.fetches).toBe(1));

    fireEvent.click(menu);
    expect(await screen.findByText(CODE_LOAD_FAILED)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();

    network.up = true;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await lazyCodeLoaded(import("@/components/layout/mobile-drawer"));
    expect(await screen.findByRole("dialog", { name: "Menu" })).toBeTruthy();
    expect(screen.queryByText(CODE_LOAD_FAILED)).toBeNull();
  });
});
