import { headers } from "next/headers";
import { firstParam, type SearchParams } from "@/lib/search-params";
import { EditPost } from "@/components/edit-post/edit-post";
import { QueryProvider } from "@/components/query/query-provider";
import { pageMetadata } from "@/lib/page-metadata";
import { loadPostForEditPage } from "@/server/posts/edit-post-page";

// The link carries the edit token: out of search results, and no Referer taking it elsewhere.
export const metadata = {
  ...pageMetadata({
    title: "Edit Your Social Post",
    description: "Edit the social post made from your glucose story, then share it.",
    path: "/edit-post",
    noindex: true,
  }),
  referrer: "no-referrer" as const,
};

/** Rendered with the post in it: the editor paints with the first HTML, not after its own request. */
export default async function EditPostPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  // The first value of each, as the editor in the browser reads them.
  const link = { post: firstParam(params, "post"), token: firstParam(params, "token") };
  const initial = await loadPostForEditPage(link, await headers());
  return (
    <QueryProvider>
      <EditPost initial={initial} />
    </QueryProvider>
  );
}
