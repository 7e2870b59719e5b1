import { beforeEach, describe, expect, it } from "vitest";
import { POST as partnerPOST } from "@/app/api/campaign/partners/route";
import { POST as contactPOST } from "@/app/api/campaign/contact/route";
import { suiteSql } from "../../fixtures/db";
import { inboxFor, waitForMail } from "../../fixtures/inbox";
import { campaignPost, freshAddress } from "./campaign-request";
import { confirmLatest } from "./confirm-submission";

const sql = suiteSql();
const TEAM = "partners@glucosechallenge.app";

const signPartner = (body: unknown, address = freshAddress()) => partnerPOST(campaignPost("/api/campaign/partners", body, address));
const contact = (body: unknown, address = freshAddress()) => contactPOST(campaignPost("/api/campaign/contact", body, address));
const partner = { name: "Grace Hopper", email: "Grace@Clinic.example", orgName: "Harbor Clinic", orgType: "healthcare", region: "europe" };

beforeEach(async () => {
  await sql`delete from campaign_partners`;
  await sql`delete from address_confirmations`;
  await sql`delete from campaign_contact_messages`;
});

const teamMailAbout = async (text: string) => (await inboxFor(TEAM)).filter((m) => m.text.includes(text));

describe("POST /api/campaign/partners", () => {
  it("keeps the confirmed partner pledge, emails the campaign team and welcomes the partner", async () => {
    const orgName = `Harbor Clinic ${Date.now()}`;
    const response = await signPartner({ ...partner, orgName });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ data: { received: true } });
    expect(await sql`select 1 from campaign_partners`).toHaveLength(0);
    expect((await confirmLatest(sql, "grace@clinic.example")).status).toBe("confirmed");
    expect(await sql`select name, email, org_name, org_type, region from campaign_partners`).toEqual([
      { name: "Grace Hopper", email: "grace@clinic.example", org_name: orgName, org_type: "healthcare", region: "europe" },
    ]);
    const welcome = (await waitForMail("grace@clinic.example", 2)).find((m) => m.subject === "Welcome to MAGIC!");
    expect(welcome).toBeDefined();
    expect(welcome?.links).toContain("http://localhost:3000/campaign/magic-partner-welcome-kit.pdf");
    await expect.poll(() => teamMailAbout(orgName), { timeout: 10_000 }).toHaveLength(1);
    const [notice] = await teamMailAbout(orgName);
    expect(notice?.subject).toBe(`New partner pledge: ${orgName}`);
    expect(notice?.text).toContain("Type: Healthcare");
    expect(notice?.text).toContain("Region: Europe");
  });

  it("escapes markup a partner types into the team's email", async () => {
    const orgName = `<img src=x onerror=alert(1)> ${Date.now()}`;
    expect((await signPartner({ ...partner, orgName })).status).toBe(202);
    await confirmLatest(sql, "grace@clinic.example");
    await expect.poll(() => teamMailAbout(orgName), { timeout: 10_000 }).toHaveLength(1);
    const [notice] = await teamMailAbout(orgName);
    expect(notice?.html).not.toContain("<img src=x");
  });

  it.each([
    [{ ...partner, name: "  " }, "name", "Please enter your name."],
    [{ ...partner, email: "grace" }, "email", "Please enter a valid email address."],
    [{ ...partner, orgName: "" }, "orgName", "Please enter your organization's name."],
    [{ ...partner, orgName: "x".repeat(151) }, "orgName", "Your organization's name must be at most 150 characters."],
    [{ ...partner, orgType: "church" }, "orgType", "Please choose an organization type."],
    [{ ...partner, region: "antarctica" }, "region", "Please choose a region."],
    [{ ...partner, region: undefined }, "region", "Please choose a region."],
  ])("answers %j with 422 on %s and keeps and sends nothing", async (body, path, message) => {
    const response = await signPartner(body);
    expect(response.status).toBe(422);
    expect((await response.json()).details).toEqual([{ path, message }]);
    expect(await sql`select 1 from address_confirmations`).toHaveLength(0);
  });

  it("limits one address to 5 partner pledges in 10 minutes", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signPartner({ ...partner, orgName: `Flood ${i}` }, address)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // One inbox is sent one confirmation a day, however often it is typed (D18).
    expect(await sql`select 1 from address_confirmations`).toHaveLength(1);
  });
});

describe("POST /api/campaign/contact", () => {
  it("keeps the message and emails it to the campaign team; the organization is optional", async () => {
    const message = `We would like to run a screening day. ${Date.now()}`;
    const response = await contact({ name: "Lin", email: "lin@school.example", message });
    expect(response.status).toBe(201);
    expect(await sql`select name, email, org_name, message from campaign_contact_messages`).toEqual([
      { name: "Lin", email: "lin@school.example", org_name: null, message },
    ]);
    await expect.poll(() => teamMailAbout(message), { timeout: 10_000 }).toHaveLength(1);
    const [notice] = await teamMailAbout(message);
    expect(notice?.subject).toBe("New campaign message from Lin");
    expect(notice?.text).toContain("Organization: (not given)");
  });

  it("keeps line breaks out of the subject", async () => {
    const response = await contact({ name: "Lin\r\nBcc: victim@example.com", email: "lin@school.example", message: "Hi" });
    expect(response.status).toBe(201);
    expect((await sql`select name from campaign_contact_messages`)[0]?.name).toBe("Lin Bcc: victim@example.com");
  });

  it.each([
    [{ name: "Lin", email: "lin@school.example", message: "   " }, "message", "Please enter a message."],
    [{ name: "", email: "lin@school.example", message: "Hi" }, "name", "Please enter your name."],
    [{ name: "Lin", email: "nope", message: "Hi" }, "email", "Please enter a valid email address."],
    [{ name: "Lin", email: "lin@school.example", message: "x".repeat(2001) }, "message", "A message must be at most 2000 characters."],
  ])("answers %j with 422 on %s and keeps nothing", async (body, path, message) => {
    const response = await contact(body);
    expect(response.status).toBe(422);
    expect((await response.json()).details).toEqual([{ path, message }]);
    expect(await sql`select 1 from campaign_contact_messages`).toHaveLength(0);
  });

  it("limits one address to 5 messages in 10 minutes", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await contact({ name: "Lin", email: "lin@school.example", message: `m${i}` }, address)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
