import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { PledgeCounter } from "@/components/campaign/magic/pledge-counter";
import { json, stubFetch } from "../enrolment/test-utils";

afterEach(() => vi.unstubAllGlobals());

describe("the pledge counter", () => {
  it("shows the server's count of confirmed pledges, in the spec's words", async () => {
    stubFetch({ "/api/campaign/pledges": () => json(200, { data: { pledges: 1041, partners: 12 } }) });
    render(<PledgeCounter />);
    const counter = screen.getByTestId("pledge-count");
    await waitFor(() => expect(counter.textContent).toBe("1,041 people have taken the pledge"));
  });

  it("says 'person has' for one pledge", async () => {
    stubFetch({ "/api/campaign/pledges": () => json(200, { data: { pledges: 1, partners: 0 } }) });
    render(<PledgeCounter />);
    await waitFor(() => expect(screen.getByTestId("pledge-count").textContent).toBe("1 person has taken the pledge"));
  });

  it("shows nothing but keeps its place when the count cannot be loaded", async () => {
    stubFetch({ "/api/campaign/pledges": () => json(503, { error: "Service unavailable" }) });
    render(<PledgeCounter />);
    const counter = screen.getByTestId("pledge-count");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(counter.textContent).toBe("\u00a0");
  });
});
