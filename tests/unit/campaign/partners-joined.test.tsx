import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { MagicHighlights } from "@/components/campaign/magic/magic-page-sections";
import { PledgeCounter } from "@/components/campaign/magic/pledge-counter";
import { callsTo, json, stubFetch } from "../enrolment/test-utils";

// The carousel (embla) needs layout jsdom has not; the counter is what is tested.
vi.mock("@/components/campaign/magic/community-carousel", () => ({ CommunityCarousel: () => null }));

afterEach(() => vi.unstubAllGlobals());

// DESIGN D6: the partners counter is the count of confirmed partner pledges, from the same answer as
// the pledge count beside it; the spec's fixed 127,845 is not shown.
describe("the /magic partners counter", () => {
  it("shows the real count of partners, read once with the pledge count", async () => {
    const fetchMock = stubFetch({ "/api/campaign/pledges": () => json(200, { data: { pledges: 5, partners: 2 } }) });
    render(
      <>
        <PledgeCounter />
        <MagicHighlights />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId("partners-joined").textContent).toBe("2 partners joined"));
    expect(screen.getByTestId("pledge-count").textContent).toBe("5 people have taken the pledge");
    expect(document.body.textContent).not.toContain("127,845");
    expect(callsTo(fetchMock, "/api/campaign/pledges")).toHaveLength(1);
  });

  it("says 'partner' for one", async () => {
    stubFetch({ "/api/campaign/pledges": () => json(200, { data: { pledges: 0, partners: 1 } }) });
    render(<MagicHighlights />);
    await waitFor(() => expect(screen.getByTestId("partners-joined").textContent).toBe("1 partner joined"));
  });
});
