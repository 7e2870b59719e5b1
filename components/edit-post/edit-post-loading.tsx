import { Spinner } from "@/components/ui/spinner";

/** SPEC §2 /edit-post: the spinner shown until the post has loaded. */
export function EditPostLoading() {
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-10 text-primary" label="Loading your post" />
      <p className="text-sm">Loading your post…</p>
    </div>
  );
}
