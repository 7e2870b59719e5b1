import { Suspense } from "react";
import { EditPost } from "@/components/edit-post/edit-post";
import { EditPostLoading } from "@/components/edit-post/edit-post-loading";
import { QueryProvider } from "@/components/query/query-provider";
import { pageMetadata } from "@/lib/page-metadata";

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

export default function EditPostPage() {
  return (
    <QueryProvider>
      <Suspense fallback={<EditPostLoading />}>
        <EditPost />
      </Suspense>
    </QueryProvider>
  );
}
