import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { MagicHighlights } from "@/components/campaign/magic/magic-page-sections";
import { PledgeCounter } from "@/components/campaign/magic/pledge-counter";
import { COMMUNITY_POSTS } from "@/components/campaign/magic/community-posts";
import { CommunityPostCard } from "@/components/campaign/magic/community-post-card";
import { callsTo, json, stubFetch } from "../enrolment/test-utils";

// The carousel (embla) needs layout jsdom has not; the counter is what is tested.
vi.mock("@/components/campaign/magic/community-carousel", () => ({ CommunityCarousel: () => null }));

afterEach(() => vi.unstubAllGlobals());

// DESIGN D6: the partners counter is the count of confirmed partner pledges, from the same answer as
// the pledge count beside it; the spec's fixed 127,845 is not shown.
describe("the /magic partners counter", () => {
  it("shows the real count of partners, read once with the pledge count", async () => {
    const fetchMock = stubFetch({ "/api/campaign/pledges": () => json(200, { data: { pledges: 5, partners: 1234 } }) });
    render(
      <>
        <PledgeCounter />
        <MagicHighlights />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId("partners-joined").textContent).toBe("1,234 partners joined"));
    expect(screen.getByTestId("pledge-count").textContent).toBe("5 people have taken the pledge");
    expect(document.body.textContent).not.toContain("127,845");
    expect(callsTo(fetchMock, "/api/campaign/pledges")).toHaveLength(1);
  });

  it("shows the count from ten partners on", async () => {
    stubFetch({ "/api/campaign/pledges": () => json(200, { data: { pledges: 0, partners: 10 } }) });
    render(<MagicHighlights />);
    await waitFor(() => expect(screen.getByTestId("partners-joined").textContent).toBe("10 partners joined"));
  });

  // A bare "0 partners joined" is honest but reads as a campaign nobody joined.
  it.each([0, 1, 9])("invites the reader to be one of the first with %i partners instead of showing the count", async (partners) => {
    stubFetch({ "/api/campaign/pledges": () => json(200, { data: { pledges: 0, partners } }) });
    render(<MagicHighlights />);
    await waitFor(() => expect(screen.getByTestId("partners-joined").textContent).toBe("Be one of our first partners"));
    expect(document.body.textContent).not.toMatch(/partners? joined/);
  });
});

describe("the /magic sample posts", () => {
  it("carry no fixed share or 'inspired' counts", () => {
    render(
      <>
        {COMMUNITY_POSTS.map((post) => (
          <CommunityPostCard key={post.id} post={post} />
        ))}
      </>,
    );
    expect(screen.getAllByRole("article")).toHaveLength(8);
    expect(document.body.textContent).not.toMatch(/\d+ shares|\d+ inspired/);
  });
});
