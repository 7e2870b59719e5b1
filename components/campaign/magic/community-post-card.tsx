import type { CommunityPost } from "./community-posts";

/** One community post (SPEC §3): avatar, name, kind, title and content (no fixed share counts, D6). */
export function CommunityPostCard({ post }: { post: CommunityPost }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
        >
          {post.avatar}
        </span>
        <div>
          <p className="font-semibold">{post.name}</p>
          <p className="text-xs uppercase tracking-wide text-muted-foreground">{post.type === "pledge" ? "Pledge" : "Story"}</p>
        </div>
      </div>
      <h3 className="font-semibold">{post.title}</h3>
      <p className="flex-1 text-sm text-muted-foreground">{post.content}</p>
    </article>
  );
}

export const SLIDE_CLASS = "min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/2 lg:basis-1/3";
