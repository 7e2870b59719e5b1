import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/components/query/create-query-client";

describe("createQueryClient", () => {
  it("keeps data fresh for a minute and does not retry mutations", () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries?.staleTime).toBe(60_000);
    expect(options.mutations?.retry).toBe(false);
  });
});
