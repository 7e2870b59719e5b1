import { cn } from "@/lib/cn";

// The operator area's tables: server-rendered, captioned, scrolling sideways on a narrow screen
// inside their own box (never the page). The box takes the keyboard's focus and is named after the
// table, so a keyboard can scroll it and a screen reader says what it holds. A stacked table (the
// lists) instead shows each row as a card under 640 px, every cell after its column's name, and
// keeps only its sortable headers, as a row of sort links above the cards.

const STACKED_BELOW_SM = [
  "max-sm:block max-sm:[&_tbody]:block max-sm:[&_tbody_tr]:block max-sm:[&_tbody_tr]:border-b max-sm:[&_tbody_tr]:py-2",
  "max-sm:[&_thead]:block max-sm:[&_thead_tr]:flex max-sm:[&_thead_tr]:flex-wrap max-sm:[&_thead_tr]:border-b max-sm:[&_thead_tr]:bg-muted/50",
  "max-sm:[&_th]:border-0 max-sm:[&_th:not([aria-sort])]:hidden",
  "max-sm:[&_td]:flex max-sm:[&_td]:gap-3 max-sm:[&_td]:border-0 max-sm:[&_td]:py-1 max-sm:[&_td]:wrap-anywhere",
].join(" ");

export function OperatorTable({
  caption,
  children,
  className,
  stacked = false,
}: {
  caption: string;
  children: React.ReactNode;
  className?: string;
  /** Rows as cards on a phone; its cells carry their column's name (Td's `label`). */
  stacked?: boolean;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={cn(
        "max-w-full overflow-x-auto rounded-lg border bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
    >
      <table className={cn("w-full border-collapse text-left text-sm", stacked && STACKED_BELOW_SM)}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({
  children,
  className,
  ariaSort,
}: {
  children?: React.ReactNode;
  className?: string;
  ariaSort?: React.AriaAttributes["aria-sort"];
}) {
  return (
    <th scope="col" aria-sort={ariaSort} className={cn("whitespace-nowrap border-b bg-muted/50 px-3 py-2 font-semibold", className)}>
      {children}
    </th>
  );
}

/** A cell; `label` (its column's name) is shown before it when a stacked table is a card on a phone. */
export function Td({ children, className, label }: { children?: React.ReactNode; className?: string; label?: string }) {
  return (
    <td
      data-label={label}
      className={cn(
        "border-b px-3 py-2 align-top",
        label && "max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]",
        className,
      )}
    >
      {children}
    </td>
  );
}

/** What the area shows where a list has nothing in it yet. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-dashed bg-background p-8 text-center">
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-2 text-sm text-muted-foreground">{children}</div> : null}
    </div>
  );
}
