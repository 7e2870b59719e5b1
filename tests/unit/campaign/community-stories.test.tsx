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

  it("puts approved stories first, each in the place of a sample", async () => {
    withStories([APPROVED]);
    render(<CommunityStories />);
    await screen.findByText("Oatmeal spiked me to 190, eggs first fixed it.");
    expect(screen.getByText("Voice #42")).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "CGM Surprise",
      "The oatmeal that wasn't",
      "Three generations, one new habit",
    ]);
    expect(screen.getAllByTestId("story-duration").map((d) => d.textContent)).toEqual(["2:45", "3:00"]);
  });

  it("shows no sample once three stories are approved", async () => {
    withStories([APPROVED, { ...APPROVED, voiceNumber: 41 }, { ...APPROVED, voiceNumber: 40 }, { ...APPROVED, voiceNumber: 39 }]);
    render(<CommunityStories />);
    await screen.findByText("Voice #40");
    expect(screen.queryByText("Voice #39")).toBeNull();
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

  it("shows approved stories first, the samples in the places left: always eight posts", async () => {
    withStories([APPROVED, { ...APPROVED, voiceNumber: 41, format: "video", topic: null, content: "" }]);
    render(<CommunityHighlights />);
    await screen.findByText("Oatmeal spiked me to 190, eggs first fixed it.");
    const posts = screen.getAllByRole("article");
    expect(posts).toHaveLength(8);
    expect(posts[0]!.textContent).toContain("CGM Surprise");
    expect(posts[1]!.textContent).toContain("A video story");
    expect(posts[2]!.textContent).toContain("Took the pledge for my dad");
    expect(screen.queryByText("Noor H.")).toBeNull();
    expect(screen.queryByText("Chris O.")).toBeNull();
  });
});
