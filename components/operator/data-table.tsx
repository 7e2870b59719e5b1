"use client";

import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState } from "@tanstack/react-table";
import Link from "next/link";
import { listHref, type ListCursor, type ListQuery } from "@/lib/operator/list-query";
import { cn } from "@/lib/cn";
import { EmptyState, OperatorTable, Td, Th } from "./operator-table";

// The operator area's lists. Sorting, searching and paging happen on the server (the lists grow
// to a million rows): the table draws the page it was given, and a sort or a page is a new URL,
// which the server renders. Links and a GET form, so every control works by keyboard, and without
// script too.

const features = tableFeatures({ rowSortingFeature });

export type DataColumn<TRow extends RowData> = ColumnDef<typeof features, TRow>;

/** Declares a list's columns with their types (a column sorts on the server when `enableSorting` is set). */
export function dataColumns<TRow extends RowData>(columns: DataColumn<TRow>[]): DataColumn<TRow>[] {
  return columns;
}

type Props<TRow extends RowData> = {
  caption: string;
  columns: DataColumn<TRow>[];
  rows: TRow[];
  rowId: (row: TRow) => string;
  /** The list's page, where sort links lead. */
  path: string;
  /** The query this page was rendered for; sorting keeps the search and starts from the first page. */
  query: Pick<ListQuery<string>, "q" | "sort" | "dir">;
  empty: { title: string; body?: React.ReactNode };
};

export function DataTable<TRow extends RowData>({ caption, columns, rows, rowId, path, query, empty }: Props<TRow>) {
  const sorting: SortingState = [{ id: query.sort, desc: query.dir === "desc" }];
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => rowId(row),
    manualSorting: true,
    enableSortingRemoval: false,
    enableSorting: false,
    state: { sorting },
  });

  if (rows.length === 0) return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  return (
    <OperatorTable caption={caption}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const sortable = header.column.columnDef.enableSorting === true;
              const sorted = header.column.getIsSorted() || null;
              return (
                <Th key={header.id} ariaSort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : sortable ? "none" : undefined}>
                  {sortable ? (
                    <Link
                      className="inline-flex items-center gap-1 underline-offset-4 hover:underline"
                      href={listHref(path, { q: query.q, sort: header.column.id, dir: sorted === "desc" ? "asc" : "desc" })}
                    >
                      <table.FlexRender header={header} />
                      <span aria-hidden="true">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                    </Link>
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </Th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getAllCells().map((cell) => (
              <Td key={cell.id} className={cn((cell.column.columnDef.meta as { className?: string } | undefined)?.className)}>
                <table.FlexRender cell={cell} />
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}

/** The search box above a list: a GET form, so the result is a URL an operator can share. */
export function ListSearch({ label, query, placeholder }: { label: string; query: Pick<ListQuery<string>, "q" | "sort" | "dir">; placeholder?: string }) {
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
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
      <button type="submit" className="h-9 rounded-md border bg-background px-3 text-sm font-medium hover:bg-muted">
        Search
      </button>
    </form>
  );
}

/** First page / next page links under a list. */
export function ListPager({ label, path, query, next }: { label: string; path: string; query: ListQuery<string>; next: ListCursor | null }) {
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
