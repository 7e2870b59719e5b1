import { describe, expect, it } from "vitest";
import { suiteSql } from "../../fixtures/db";

// The tables guard what the database can guard (D6), whatever code writes to them.
const sql = suiteSql();

const refused = async (query: Promise<unknown>) => {
  const error = await query.then(
    () => null,
    (e: unknown) => e as { code?: string },
  );
  expect(error?.code).toMatch(/^23(514|505|502)$/);
};

describe("campaign tables", () => {
  it("refuse a partner's unknown organisation type or region", async () => {
    await refused(
      sql`insert into campaign_partners (name, email, org_name, org_type, region) values ('A', 'a@example.com', 'Org', 'church', 'europe')`,
    );
    await refused(
      sql`insert into campaign_partners (name, email, org_name, org_type, region) values ('A', 'a@example.com', 'Org', 'ngo', 'antarctica')`,
    );
  });

  it("refuse a text story without words, an unknown format and a media path outside stories/", async () => {
    await refused(sql`insert into campaign_stories (story_number, format, content, source) values (900001, 'text', '   ', 'magic_form')`);
    await refused(sql`insert into campaign_stories (story_number, format, content, source) values (900002, 'poem', 'hi', 'magic_form')`);
    await refused(
      sql`insert into campaign_stories (story_number, format, media_path, source) values (900003, 'video', '../etc/passwd', 'story_wizard')`,
    );
  });

  it("refuse a second pledge for the same person or number, and a mixed-case email", async () => {
    await sql`delete from campaign_pledges`;
    await sql`insert into campaign_pledges (pledge_number, name, email, email_identity) values (1, 'A', 'a@example.com', 'a@example.com')`;
    await refused(
      sql`insert into campaign_pledges (pledge_number, name, email, email_identity) values (2, 'B', 'a+x@example.com', 'a@example.com')`,
    );
    await refused(
      sql`insert into campaign_pledges (pledge_number, name, email, email_identity) values (1, 'C', 'c@example.com', 'c@example.com')`,
    );
    await refused(
      sql`insert into campaign_pledges (pledge_number, name, email, email_identity) values (3, 'D', 'D@example.com', 'd@example.com')`,
    );
    await sql`delete from campaign_pledges`;
  });
});
