import Link from "next/link";
import { listHref, type ListCursor, type ListQuery } from "@/lib/operator/list-query";

// The controls around an operator list: a search form and the pager. Plain markup and links, no
// client code, so a server-rendered page that shows them ships no script for them (the sortable
// table in data-table.tsx is the client part).

/**
 * The search box above a list: a GET form, so the result is a URL an operator can share. `children`:
 * a list's filter fields, sent with the search (so a search keeps the filters, and the reverse).
 */
export function ListSearch({
  label,
  query,
  placeholder,
  children,
  submitLabel = "Search",
}: {
  label: string;
  query: Pick<ListQuery<string>, "q" | "sort" | "dir">;
  placeholder?: string;
  children?: React.ReactNode;
  submitLabel?: string;
}) {
  return (
    <form role="search" method="get" className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-sm font-medium">
        {label}
        <input
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={200}
          placeholder={placeholder}
          className="h-9 w-72 max-w-full rounded-md border bg-background px-3 text-sm"
        />
      </label>
      {children}
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
      <button type="submit" className="h-9 rounded-md border bg-background px-3 text-sm font-medium hover:bg-muted">
        {submitLabel}
      </button>
    </form>
  );
}

/** First page / next page links under a list. */
export function ListPager({
  label,
  path,
  query,
  next,
}: {
  label: string;
  path: string;
  query: ListQuery<string>;
  next: ListCursor | null;
}) {
  const keep = { q: query.q, sort: query.sort, dir: query.dir };
  if (!query.after && !next) return null;
  return (
    <nav aria-label={label} className="flex gap-4 text-sm">
      {query.after ? (
        <Link className="text-primary underline-offset-4 hover:underline" href={listHref(path, keep)}>
          First page
        </Link>
      ) : null}
      {next ? (
        <Link className="text-primary underline-offset-4 hover:underline" href={listHref(path, { ...keep, after: next })}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
