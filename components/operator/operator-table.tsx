import { cn } from "@/lib/cn";

// The operator area's tables: server-rendered, captioned, scrolling sideways on a narrow screen.

export function OperatorTable({ caption, children, className }: { caption: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn("overflow-x-auto rounded-lg border bg-background", className)}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ children, className, ariaSort }: { children?: React.ReactNode; className?: string; ariaSort?: React.AriaAttributes["aria-sort"] }) {
  return (
    <th scope="col" aria-sort={ariaSort} className={cn("whitespace-nowrap border-b bg-muted/50 px-3 py-2 font-semibold", className)}>
      {children}
    </th>
  );
}

export function Td({ children, className }: { children?: React.ReactNode; className?: string }) {
  return <td className={cn("border-b px-3 py-2 align-top", className)}>{children}</td>;
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
