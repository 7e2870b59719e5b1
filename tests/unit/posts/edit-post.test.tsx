import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";

const mocks = vi.hoisted(() => ({
  router: { replace: vi.fn() },
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() },
  query: new URLSearchParams(),
  signInAnonymously: vi.fn(),
}));
vi.mock("next/navigation", () => ({ useRouter: () => mocks.router, useSearchParams: () => mocks.query }));
vi.mock("@/components/ui/sonner", () => ({ toast: mocks.toast }));
vi.mock("@/components/auth/supabase-browser", () => ({
  createSeparateSessionClient: () => ({
    auth: { getSession: async () => ({ data: { session: null } }), signInAnonymously: mocks.signInAnonymously },
  }),
}));

import { EditPost } from "@/components/edit-post/edit-post";
import { QueryProvider } from "@/components/query/query-provider";
import type { EditPostInitial, SocialPost } from "@/lib/posts/post-schemas";

const POST_ID = "0b5c1c52-5f0e-4f57-9d0a-6f7f2b8f3f10";
const post = (overrides: Record<string, unknown> = {}) => ({
  id: POST_ID,
  content: "My glucose story.",
  referral_link: "https://glucosechallenge.app/",
  user_inputs: "",
  num_of_regen: 0,
  images: [{ url: "/api/social-posts/cards/2b5c1c52-5f0e-4f57-9d0a-6f7f2b8f3f11", description: "Quote card" }],
  story_messages: [{ sender: "user", content: "It spiked." }],
  shared_at: null,
  ...overrides,
});

let fetchMock: ReturnType<typeof vi.fn>;
const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function open(query: Record<string, string>, answers: Record<string, Response>, initial?: EditPostInitial) {
  mocks.query = new URLSearchParams(query);
  fetchMock = vi.fn(async (path: string) => {
    const key = Object.keys(answers).find((suffix) => path.split("?")[0]!.endsWith(suffix));
    return key ? answers[key]!.clone() : reply(404, { error: "not here" });
  });
  vi.stubGlobal("fetch", fetchMock);
  render(
    <QueryProvider>
      <EditPost initial={initial} />
    </QueryProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

beforeEach(() => {
  vi.clearAllMocks();
  mocks.signInAnonymously.mockRejectedValue(new Error("anonymous sign-ins are disabled"));
});

describe("/edit-post", () => {
  it("without post or token: 'Invalid Link' with its description, home, and no call", async () => {
    open({ post: POST_ID }, {});
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/"));
    expect(mocks.toast.error).toHaveBeenCalledWith(
      "Invalid Link",
      expect.objectContaining({ description: "The edit link is missing required parameters." }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("ignores a failed anonymous sign-in and loads the post without a token", async () => {
    open({ post: POST_ID, token: "tok" }, { [POST_ID]: reply(200, { data: post() }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Edit Your Social Post" })).toBeTruthy();
    expect(mocks.signInAnonymously).toHaveBeenCalled();
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe(`/api/social-posts/${POST_ID}?token=tok`);
    expect(new Headers((init as RequestInit).headers).has("authorization")).toBe(false);
  });

  it("a load failure toasts 'Error' with the server's message and goes home", async () => {
    open({ post: POST_ID, token: "bad" }, { [POST_ID]: reply(401, { error: "Invalid or expired edit link", code: "invalid_token" }) });
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/"));
    expect(mocks.toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Invalid or expired edit link" }));
  });

  it("opens with the post the server render loaded, asking the API nothing, and still takes its session (SPEC §6)", async () => {
    open({ post: POST_ID, token: "tok" }, {}, { post: post() as SocialPost });
    expect(await screen.findByRole("heading", { level: 1, name: "Edit Your Social Post" })).toBeTruthy();
    expect((screen.getByLabelText("Post text") as HTMLTextAreaElement).value).toBe("My glucose story.");
    await waitFor(() => expect(mocks.signInAnonymously).toHaveBeenCalled());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a link the server render refused toasts 'Error' with its reason and goes home, asking the API nothing", async () => {
    open({ post: POST_ID, token: "bad" }, {}, { error: "Invalid or expired edit link" });
    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith("/"));
    expect(mocks.toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Invalid or expired edit link" }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'No chat history available' when the story holds only the media placeholder and blanks", async () => {
    const messages = [
      { sender: "user", content: "[Media content]" },
      { sender: "mini_assistant", content: " " },
    ];
    open({ post: POST_ID, token: "tok" }, { [POST_ID]: reply(200, { data: post({ story_messages: messages }) }) });
    expect(await screen.findByText("No chat history available")).toBeTruthy();
  });

  it("at the cap, Regenerate is refused with the server's reason under 'Failed to regenerate post'", async () => {
    const limit = "This post has been regenerated 10 times, the most allowed. You can still edit the text and share it.";
    open(
      { post: POST_ID, token: "tok" },
      { [POST_ID]: reply(200, { data: post({ num_of_regen: 9 }) }), "/regenerate": reply(409, { error: limit, code: "conflict" }) },
    );
    expect(await screen.findByText("1 of 10 regenerations left")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Regenerate Post" }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith("Failed to regenerate post", expect.objectContaining({ description: limit })),
    );
    expect((screen.getByLabelText("Post text") as HTMLTextAreaElement).value).toBe("My glucose story.");
  });

  it("a share the server refuses toasts 'Failed to share post'", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText: vi.fn().mockResolvedValue(undefined) } });
    open(
      { post: POST_ID, token: "tok" },
      { [POST_ID]: reply(200, { data: post() }), "/share": reply(500, { error: "Failed to mark post as shared" }) },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Share" }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith(
        "Failed to share post",
        expect.objectContaining({ description: "Failed to mark post as shared" }),
      ),
    );
    expect(mocks.toast.success).not.toHaveBeenCalled();
  });
});
