import { describe, expect, it } from "vitest";
import { postMessages } from "@/lib/posts/post-messages";
import { loadPostForEditPage } from "@/server/posts/edit-post-page";
import { socialPostLimits } from "@/server/http/rate-limits";
import { suiteSql } from "../../fixtures/db";
import { newPost } from "./post-calls";

// The /edit-post server render loads the post itself: the same answers as the API, and the same limits.

suiteSql();

let visitors = 0;
const from = (address = `203.0.113.${++visitors}`) => new Headers({ "x-real-ip": address });

describe("/edit-post's server render", () => {
  it("hands the editor the post behind a live link, as the API answers it", async () => {
    const { id, token } = await newPost();
    const initial = await loadPostForEditPage({ post: id, token }, from());
    expect(initial).toMatchObject({ post: { id, num_of_regen: 0, shared_at: null, user_inputs: "Mention my morning walks" } });
    expect(JSON.stringify(initial)).not.toContain(token);
  });

  it("leaves a link without its post or token to the page ('Invalid Link'), reading nothing", async () => {
    const { id, token } = await newPost();
    expect(await loadPostForEditPage({ post: id }, from())).toBeNull();
    expect(await loadPostForEditPage({ token }, from())).toBeNull();
    expect(await loadPostForEditPage({ post: "  ", token }, from())).toBeNull();
  });

  it("refuses a wrong token, another post's token and a malformed id with the API's message", async () => {
    const mine = await newPost();
    const other = await newPost();
    const refused = { error: postMessages.invalidEditLink };
    expect(await loadPostForEditPage({ post: mine.id, token: "not-the-token" }, from())).toEqual(refused);
    expect(await loadPostForEditPage({ post: mine.id, token: other.token }, from())).toEqual(refused);
    expect(await loadPostForEditPage({ post: "not-a-uuid", token: mine.token }, from())).toEqual(refused);
  });

  it("attack: guessing tokens through the page counts against the same per-address read limit as the API", async () => {
    const { id, token } = await newPost();
    const [limit] = socialPostLimits.read;
    const address = "203.0.113.250";
    for (let i = 0; i < limit!.limit; i++) {
      expect(await loadPostForEditPage({ post: id, token: `guess-${i}` }, from(address))).toEqual({ error: postMessages.invalidEditLink });
    }
    // Over the limit even the right token is turned away from this address, and another address still gets in.
    expect(await loadPostForEditPage({ post: id, token }, from(address))).toEqual({
      error: "Too many requests. Please wait a moment and try again.",
    });
    expect(await loadPostForEditPage({ post: id, token }, from())).toMatchObject({ post: { id } });
  });
});
