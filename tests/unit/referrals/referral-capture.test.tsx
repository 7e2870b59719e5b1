import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ReferralCapture } from "@/components/referrals/referral-capture";
import { json, stubFetch } from "../enrolment/test-utils";

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/");
});
afterEach(() => vi.unstubAllGlobals());

describe("ReferralCapture: the visit is reported to the server", () => {
  it("posts a ?via= code once when the visitor arrives through a link", () => {
    const fetchMock = stubFetch({ "/api/referral/visit": () => json(200, { data: { counted: true } }) });
    window.history.replaceState(null, "", "/our-team?via=k7m3-q9xa&utm_source=newsletter");
    render(<ReferralCapture />);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/referral/visit");
    expect(init).toMatchObject({ method: "POST", body: JSON.stringify({ via: "k7m3-q9xa" }), keepalive: true });
  });

  it("posts nothing without a link, for an implausible code, or when the referral only comes from storage", () => {
    const fetchMock = stubFetch({});
    render(<ReferralCapture />);
    window.history.replaceState(null, "", "/?via=%3Cscript%3E");
    render(<ReferralCapture />);
    window.localStorage.setItem(
      "gc_referral",
      JSON.stringify({ referralId: "k7m3-q9xa", timestamp: Date.now(), source: "url", referrerUrl: null }),
    );
    window.history.replaceState(null, "", "/career");
    render(<ReferralCapture />);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a failed report is silent", async () => {
    stubFetch({ "/api/referral/visit": () => Promise.reject(new TypeError("offline")) });
    window.history.replaceState(null, "", "/?via=k7m3-q9xa");
    expect(() => render(<ReferralCapture />)).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
