import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { CommunityHighlights } from "@/components/campaign/magic/community-highlights";
import { CommunityStories } from "@/components/campaign/wizard/campaign-page-sections";
import { json, stubFetch } from "../enrolment/test-utils";

// The carousel (embla) needs layout jsdom has not; which posts it is given is what is tested.
vi.mock("@/components/campaign/magic/community-carousel", async () => {
  const { CommunityPostCard } = await import("@/components/campaign/magic/community-post-card");
  type Post = Parameters<typeof CommunityPostCard>[0]["post"];
  return {
    CommunityCarousel: ({ posts }: { posts: readonly Post[] }) => (
      <div data-testid="carousel">
        {posts.map((post) => (
          <CommunityPostCard key={post.id} post={post} />
        ))}
      </div>
    ),
  };
});

afterEach(() => vi.unstubAllGlobals());

const APPROVED = {
  voiceNumber: 42,
  format: "text",
  topic: "CGM Surprise",
  content: "Oatmeal spiked me to 190, eggs first fixed it.",
  createdAt: "2026-11-20T10:00:00.000Z",
};
const withStories = (stories: unknown[]) => stubFetch({ "/api/campaign/stories": () => json(200, { data: { stories } }) });

describe("the 'Community stories' grid", () => {
  it("shows the spec's three samples while no story is approved", async () => {
    const fetchMock = withStories([]);
    render(<CommunityStories />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getAllByTestId("story-duration").map((d) => d.textContent)).toEqual(["2:45", "3:00", "2:30"]);
  });

  it("shows approved stories instead of the samples once there are some", async () => {
    withStories([APPROVED]);
    render(<CommunityStories />);
    await screen.findByText("Oatmeal spiked me to 190, eggs first fixed it.");
    expect(screen.getByText("Voice #42")).toBeTruthy();
    expect(screen.queryByText("The oatmeal that wasn't")).toBeNull();
    expect(screen.queryAllByTestId("story-duration")).toEqual([]);
  });
});

describe("the /magic community highlights", () => {
  it("shows the spec's sample posts while no story is approved", async () => {
    const fetchMock = withStories([]);
    render(<CommunityHighlights />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByText("Took the pledge for my dad")).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(8);
  });

  it("shows approved stories instead of the samples once there are some", async () => {
    withStories([APPROVED, { ...APPROVED, voiceNumber: 41, format: "video", topic: null, content: "" }]);
    render(<CommunityHighlights />);
    await screen.findByText("Oatmeal spiked me to 190, eggs first fixed it.");
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.getByText("CGM Surprise")).toBeTruthy();
    expect(screen.getByText("A video story")).toBeTruthy();
    expect(screen.queryByText("Took the pledge for my dad")).toBeNull();
  });
});
