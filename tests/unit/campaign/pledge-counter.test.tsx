import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { PledgeCounter } from "@/components/campaign/magic/pledge-counter";
import { announcePledge, PLEDGE_TAKEN_EVENT } from "@/components/campaign/shared/pledge-events";
import { json, stubFetch } from "../enrolment/test-utils";

afterEach(() => vi.unstubAllGlobals());

describe("the pledge counter", () => {
  it("shows at least the visitor's own number after they pledge, though the server's shared count is a second behind", async () => {
    let count = 41;
    stubFetch({ "/api/campaign/pledges": () => json(200, { data: { pledges: count } }) });
    render(<PledgeCounter />);
    const counter = screen.getByTestId("pledge-count");
    await waitFor(() => expect(counter.textContent).toBe("41 people have taken the pledge"));

    // The visitor's pledge is number 42; the count answered right after still says 41.
    act(() => announcePledge(42));
    await waitFor(() => expect(counter.textContent).toBe("42 people have taken the pledge"));

    // Once the count catches up (others pledged too), it is shown.
    count = 50;
    act(() => announcePledge(43));
    await waitFor(() => expect(counter.textContent).toBe("50 people have taken the pledge"));
  });

  it("ignores an event whose number is not a pledge number, and only reloads the count", async () => {
    stubFetch({ "/api/campaign/pledges": () => json(200, { data: { pledges: 7 } }) });
    render(<PledgeCounter />);
    const counter = screen.getByTestId("pledge-count");
    await waitFor(() => expect(counter.textContent).toBe("7 people have taken the pledge"));
    for (const detail of [1e12 * 1e12, -3, "9000", null]) act(() => void window.dispatchEvent(new CustomEvent(PLEDGE_TAKEN_EVENT, { detail })));
    await act(async () => {});
    expect(counter.textContent).toBe("7 people have taken the pledge");
  });
});
