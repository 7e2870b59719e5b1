import "server-only";
import type { PledgeBadge } from "@/lib/campaign/badge-tier";
import { formatPledgeNumber } from "@/lib/campaign/badge-tier";
import { ORG_TYPES, REGIONS, type OrgType, type RecordedStoryFormat, type Region } from "@/lib/campaign/campaign-options";
import { site, siteUrl } from "@/lib/site";
import { EmailButton, EmailLayout, EmailText } from "../email-layout";
import { renderEmail } from "../render";
import type { EmailMessage } from "../send-email";

const TIER_COLOURS: Record<PledgeBadge["tier"], string> = { gold: "#b7791f", silver: "#64748b", bronze: "#9c4221", other: "#0f766e" };

function PledgeConfirmation({
  name,
  to,
  pledgeNumber,
  badge,
  shareUrl,
}: {
  name: string;
  to: string;
  pledgeNumber: number;
  badge: PledgeBadge;
  shareUrl: string;
}) {
  return (
    <EmailLayout
      preview={`You are pledger ${formatPledgeNumber(pledgeNumber)}: your ${badge.name} badge.`}
      heading="Thank you for taking the pledge"
      footer={`You receive this because ${to} took the glucose awareness pledge on ${site.name}.`}
    >
      <EmailText>Hi {name},</EmailText>
      <EmailText>You are pledger {formatPledgeNumber(pledgeNumber)} in the million-person glucose awareness campaign.</EmailText>
      <EmailText style={{ fontSize: "20px", fontWeight: "bold", color: TIER_COLOURS[badge.tier] }}>Your badge: {badge.name}</EmailText>
      <EmailText>Share your pledge so friends and family know their glucose too:</EmailText>
      <EmailButton href={shareUrl}>See and share your badge</EmailButton>
      <EmailText>Sign in to keep your badge on your dashboard: {siteUrl("/auth")}</EmailText>
    </EmailLayout>
  );
}

export async function pledgeConfirmationEmail(p: {
  name: string;
  to: string;
  pledgeNumber: number;
  badge: PledgeBadge;
  shareUrl: string;
}): Promise<EmailMessage> {
  const { html, text } = await renderEmail(<PledgeConfirmation {...p} />);
  return { to: p.to, subject: `Your ${p.badge.name} badge: pledger ${formatPledgeNumber(p.pledgeNumber)}`, html, text };
}

const orgTypeLabel = (v: OrgType) => ORG_TYPES.find((o) => o.value === v)?.label ?? v;
const regionLabel = (v: Region) => REGIONS.find((r) => r.value === v)?.label ?? v;

type Partner = { name: string; email: string; orgName: string; orgType: OrgType; region: Region };

function PartnerWelcome({ partner }: { partner: Partner }) {
  return (
    <EmailLayout
      preview="Your partner pledge is in: here is your welcome kit."
      heading="Welcome to MAGIC!"
      footer={`You receive this because ${partner.email} signed the partner pledge for ${partner.orgName} on ${site.name}.`}
    >
      <EmailText>Hi {partner.name},</EmailText>
      <EmailText>
        Thank you for pledging {partner.orgName} to the million-person glucose awareness campaign. Your partner account is the email address
        this message went to: sign in with it to reach your partner dashboard.
      </EmailText>
      <EmailButton href={siteUrl("/campaign/magic-partner-welcome-kit.pdf")}>Download the Welcome Kit</EmailButton>
      <EmailText>Partner dashboard: {siteUrl("/dashboard")}</EmailText>
      <EmailText>Questions? Reply to {site.contact.campaignEmail}; we answer within 24 hours.</EmailText>
    </EmailLayout>
  );
}

export async function partnerWelcomeEmail(partner: Partner): Promise<EmailMessage> {
  const { html, text } = await renderEmail(<PartnerWelcome partner={partner} />);
  return { to: partner.email, subject: "Welcome to MAGIC!", html, text };
}

function TeamNotice({ heading, rows }: { heading: string; rows: [string, string][] }) {
  return (
    <EmailLayout preview={heading} heading={heading} footer={`Sent by ${site.name} to the campaign team.`}>
      {rows.map(([label, value]) => (
        <EmailText key={label}>
          <strong>{label}:</strong> {value}
        </EmailText>
      ))}
    </EmailLayout>
  );
}

export async function partnerPledgeTeamEmail(partner: Partner): Promise<EmailMessage> {
  const heading = `New partner pledge: ${partner.orgName}`;
  const { html, text } = await renderEmail(
    <TeamNotice
      heading={heading}
      rows={[
        ["Name", partner.name],
        ["Email", partner.email],
        ["Organization", partner.orgName],
        ["Type", orgTypeLabel(partner.orgType)],
        ["Region", regionLabel(partner.region)],
      ]}
    />,
  );
  return { to: site.contact.campaignEmail, subject: heading, html, text };
}

export async function contactMessageTeamEmail(message: {
  name: string;
  email: string;
  orgName: string | null;
  message: string;
}): Promise<EmailMessage> {
  const heading = `New campaign message from ${message.name}`;
  const { html, text } = await renderEmail(
    <TeamNotice
      heading={heading}
      rows={[
        ["Name", message.name],
        ["Email", message.email],
        ["Organization", message.orgName ?? "(not given)"],
        ["Message", message.message],
      ]}
    />,
  );
  return { to: site.contact.campaignEmail, subject: heading, html, text };
}

/** A /magic storyteller whose address confirmed it (D18): the team reaches out to record the story. */
export async function storyContactTeamEmail(request: {
  email: string;
  format: RecordedStoryFormat;
  voiceNumber: number;
}): Promise<EmailMessage> {
  const heading = `Reach out to record ${request.format === "audio" ? "an audio" : "a video"} story`;
  const { html, text } = await renderEmail(
    <TeamNotice
      heading={heading}
      rows={[
        ["Email (confirmed)", request.email],
        ["Format", request.format === "audio" ? "Audio" : "Video"],
        ["Voice number", `#${request.voiceNumber.toLocaleString("en-US")}`],
      ]}
    />,
  );
  return { to: site.contact.campaignEmail, subject: heading, html, text };
}
