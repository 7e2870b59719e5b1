import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";

import { AssistantPanel } from "@/components/assistant/assistant-panel";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn() }),
  usePathname: () => "/",
}));
vi.mock("@/components/pricing/stored-recommended-plan", () => ({ storeRecommendedPlan: vi.fn() }));

afterEach(() => {
  localStorage.clear();
});

// axe (landmark-no-duplicate-banner, landmark-unique) found the open panel's own <header> as a
// second banner on /, /how-it-works, /our-team and /career: the page has exactly one.
describe("the open assistant panel's landmarks", () => {
  it("adds no banner landmark beside the page's own header, in either mode", () => {
    render(
      <>
        <header>Site header</header>
        <main>Page</main>
        <AssistantPanel focusRequest={0} onCollapse={vi.fn()} />
      </>,
    );
    for (const mode of ["Questionnaire", "Chat"]) {
      fireEvent.click(screen.getByRole("button", { name: mode }));
      expect(screen.getAllByRole("banner").map((banner) => banner.textContent)).toEqual(["Site header"]);
      const panel = screen.getByRole("dialog", { name: "Glucose assistant" });
      expect(panel.querySelector("header, footer")).toBeNull();
      expect(within(panel).queryAllByRole("contentinfo")).toEqual([]);
      expect(within(panel).queryAllByRole("region")).toEqual([]);
    }
  });
});
