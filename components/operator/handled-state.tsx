import type { Handled } from "@/lib/operator/campaign-lists";

/** "2026-11-29T10:04:05.123Z" as "2026-11-29 10:04" (the area shows UTC). */
export const utcMinute = (iso: string) => iso.replace("T", " ").slice(0, 16);

/** Whether a partner pledge or contact message is handled, when and by whom. */
export function HandledState({ handled }: { handled: Handled }) {
  if (!handled) return <span className="font-medium">Not handled</span>;
  return (
    <span>
      <span className="font-medium">Handled</span>{" "}
      <span className="whitespace-nowrap text-muted-foreground">
        {utcMinute(handled.at)}
        {handled.by ? ` by ${handled.by}` : ""}
      </span>
    </span>
  );
}
