"use client";

import { useRouter } from "next/navigation";
import { ApiRequestError } from "@/components/api/api-request-error";
import { useWrite } from "@/components/api/use-write";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { setHandled, type InboxKind } from "./campaign-api";
import { SAVE_FAILED } from "./operator-api";

const failure = (error: unknown) => (error instanceof ApiRequestError && error.fromServer ? error.message : SAVE_FAILED);

/**
 * Marks a partner pledge or contact message handled (the toast offers Undo), or, once it is,
 * not handled again; the page then reloads its list. A refusal is said in place.
 */
export function HandledButton({ kind, id, handled }: { kind: InboxKind; id: string; handled: boolean }) {
  const router = useRouter();
  const { busy, error, run } = useWrite({ message: failure });

  async function mark(next: boolean) {
    if (!(await run(() => setHandled(kind, id, next))).ok) return;
    if (next) {
      toast.success("Marked handled.", {
        action: {
          label: "Undo",
          onClick: () => {
            setHandled(kind, id, false).then(
              () => router.refresh(),
              (undoFailure: unknown) => toast.error(failure(undoFailure)),
            );
          },
        },
      });
    } else {
      toast.success("Marked not handled.");
    }
    router.refresh();
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => mark(!handled)}>
        {busy ? "Saving…" : handled ? "Mark not handled" : "Mark handled"}
      </Button>
      <p role="alert" className="max-w-56 text-xs text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}
