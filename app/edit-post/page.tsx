import { headers } from "next/headers";
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

type EditPostPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Rendered with the post in it: the editor paints with the first HTML, not after its own request. */
export default async function EditPostPage({ searchParams }: EditPostPageProps) {
  const initial = await loadPostForEditPage(await searchParams, await headers());
  return (
    <QueryProvider>
      <EditPost initial={initial} />
    </QueryProvider>
  );
}
