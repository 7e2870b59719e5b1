import { describe, expect, it } from "vitest";
import { waitlistShareDomain } from "@/lib/waitlist/waitlist-shares";

// D17, Waitlist: the email domain a join is counted under, so one catch-all domain cannot queue a row of addresses.

describe("waitlistShareDomain", () => {
  it("counts a private domain under its registrable domain, whatever subdomain or case the address uses", () => {
    expect(waitlistShareDomain("One@Catchall.Example")).toBe("catchall.example");
    expect(waitlistShareDomain("two@mx.catchall.example")).toBe("catchall.example");
    expect(waitlistShareDomain("three@a.b.clinic.com")).toBe("clinic.com");
  });

  it("keeps a country's second level: example.co.uk, not co.uk", () => {
    expect(waitlistShareDomain("x@mail.example.co.uk")).toBe("example.co.uk");
    expect(waitlistShareDomain("x@example.com.au")).toBe("example.com.au");
  });

  it("does not count public mailbox providers, however they are written", () => {
    expect(waitlistShareDomain("someone@gmail.com")).toBeNull();
    expect(waitlistShareDomain("Some.One+tag@GoogleMail.com")).toBeNull();
    expect(waitlistShareDomain("x@hotmail.co.uk")).toBeNull();
    expect(waitlistShareDomain("x@eu.proton.me")).toBeNull();
  });

  it("gives no domain for one too short to name anyone", () => {
    expect(waitlistShareDomain("x@y")).toBeNull();
  });
});
