"use client";

import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState } from "@tanstack/react-table";
import Link from "next/link";
import { listHref, type ListQuery } from "@/lib/operator/list-query";
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
    <OperatorTable caption={caption} stacked>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const sortable = header.column.columnDef.enableSorting === true;
              const sorted = header.column.getIsSorted() || null;
              return (
                <Th
                  key={header.id}
                  ariaSort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : sortable ? "none" : undefined}
                >
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
              <Td
                key={cell.id}
                label={typeof cell.column.columnDef.header === "string" ? cell.column.columnDef.header : undefined}
                className={cn((cell.column.columnDef.meta as { className?: string } | undefined)?.className)}
              >
                <table.FlexRender cell={cell} />
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}
