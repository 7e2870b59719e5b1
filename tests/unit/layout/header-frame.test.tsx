import { render } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({ pathname: "/" }));
vi.mock("next/navigation", () => ({ usePathname: () => mocks.pathname }));

import { HeaderFrame } from "@/components/layout/header-frame";

const scrollTo = vi.fn();
beforeEach(() => {
  scrollTo.mockReset();
  vi.stubGlobal("scrollTo", scrollTo);
  Object.defineProperty(window, "scrollY", { configurable: true, value: 0 });
  mocks.pathname = "/";
});

describe("the header frame", () => {
  it("keeps a visitor where they scrolled before the page came alive, already shrunk", () => {
    Object.defineProperty(window, "scrollY", { configurable: true, value: 400 });
    const { container } = render(<HeaderFrame>menu</HeaderFrame>);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(container.querySelector("header")!.getAttribute("data-shrunk")).toBe("true");
  });

  it("scrolls to the top on a change of route, not for an anchor", () => {
    const { rerender } = render(<HeaderFrame>menu</HeaderFrame>);
    mocks.pathname = "/our-team";
    rerender(<HeaderFrame>menu</HeaderFrame>);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    window.location.hash = "#contact";
    mocks.pathname = "/";
    rerender(<HeaderFrame>menu</HeaderFrame>);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    window.location.hash = "";
  });
});
