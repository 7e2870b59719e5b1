import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { DataTable, dataColumns } from "@/components/operator/data-table";
import { ListPager, ListSearch } from "@/components/operator/list-controls";
import { listHref, parseListQuery, toListPage } from "@/lib/operator/list-query";

type Row = { id: string; email: string; amount: number };
const columns = dataColumns<Row>([
  { id: "email", accessorKey: "email", header: "Email", enableSorting: true },
  { id: "amount", accessorKey: "amount", header: "Amount", cell: (info) => `€${info.getValue<number>()}` },
]);
const rows: Row[] = [
  { id: "a", email: "a@example.com", amount: 10 },
  { id: "b", email: "b@example.com", amount: 20 },
];

describe("the operator area's server-paged lists", () => {
  it("draw the page given, with sortable headers as links that keep the search and restart at the first page", () => {
    const query = { q: "exa", sort: "email", dir: "asc" as const };
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        path="/operator/orders"
        query={query}
        empty={{ title: "None" }}
      />,
    );
    const table = screen.getByRole("table", { name: "Orders" });
    expect(
      within(table)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["a@example.com", "€10", "b@example.com", "€20"]);
    const [email, amount] = within(table).getAllByRole("columnheader");
    expect(email!.getAttribute("aria-sort")).toBe("ascending");
    expect(amount!.getAttribute("aria-sort")).toBeNull();
    expect(within(email!).getByRole("link").getAttribute("href")).toBe("/operator/orders?q=exa&sort=email&dir=desc");
    expect(within(amount!).queryByRole("link")).toBeNull();
  });

  it("say so when the list is empty", () => {
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={[]}
        rowId={(r) => r.id}
        path="/x"
        query={{ q: "", sort: "email", dir: "asc" }}
        empty={{ title: "No orders match" }}
      />,
    );
    expect(screen.getByRole("status").textContent).toContain("No orders match");
  });

  it("page by the last row shown, and offer the first page once past it", () => {
    const query = parseListQuery({ sort: "email", dir: "desc" }, ["email", "amount"], { sort: "email", dir: "asc" });
    const page = toListPage([...rows, { id: "c", email: "c@example.com", amount: 30 }], (r) => [r.email, r.id], 2);
    expect(page.rows).toHaveLength(2);
    expect(page.next).toEqual(["b@example.com", "b"]);
    const { rerender } = render(<ListPager label="Pages" path="/p" query={query} next={page.next} />);
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      listHref("/p", { sort: "email", dir: "desc", after: ["b@example.com", "b"] }),
    );
    expect(screen.queryByRole("link", { name: "First page" })).toBeNull();
    rerender(<ListPager label="Pages" path="/p" query={{ ...query, after: page.next }} next={null} />);
    expect(screen.getByRole("link", { name: "First page" }).getAttribute("href")).toBe("/p?sort=email&dir=desc");
    expect(toListPage(rows, (r) => [r.email, r.id], 2).next).toBeNull();
  });

  it("read a mistyped or hostile query as the list's default, never as an error", () => {
    const defaults = { sort: "created" as const, dir: "desc" as const };
    expect(
      parseListQuery({ sort: "password", dir: "sideways", after: "{not json", q: "  a\u0000b\ud800  " }, ["created", "email"], defaults),
    ).toEqual({
      q: "ab",
      sort: "created",
      dir: "desc",
      after: null,
    });
    expect(parseListQuery({ after: JSON.stringify([{}, "x"]) }, ["created"], defaults).after).toBeNull();
    expect(parseListQuery({ after: JSON.stringify(["2026-01-01", "x"]), q: "x".repeat(500) }, ["created"], defaults)).toMatchObject({
      after: ["2026-01-01", "x"],
      q: "x".repeat(200),
    });
  });

  it("search with a GET form that keeps the sort", () => {
    render(<ListSearch label="Search orders" query={{ q: "bob", sort: "email", dir: "asc" }} />);
    const form = screen.getByRole("search");
    expect(form.getAttribute("method")).toBe("get");
    expect((screen.getByRole("searchbox", { name: "Search orders" }) as HTMLInputElement).value).toBe("bob");
  });
});
