// SPEC §3 Sample data: partner cards and partner steps (fixed and hard-coded).
export type PartnerCard = { name: string; type: string; region: string; logo: string; quote: string };
export type PartnerStep = { step: number; title: string; description: string; details: readonly string[] };

export const SAMPLE_PARTNERS: readonly PartnerCard[] = [
  {
    name: "Harbor Community Clinic",
    type: "Healthcare",
    region: "North America",
    logo: "HC",
    quote: "Our patients ask better questions since we started talking about glucose curves.",
  },
  {
    name: "Lakeside Unified Schools",
    type: "Education",
    region: "Europe",
    logo: "LU",
    quote: "Students ran a week of breakfast experiments. Parents joined by the second day.",
  },
  {
    name: "Sahel Health Alliance",
    type: "NGO",
    region: "Africa",
    logo: "SH",
    quote: "Stories in local languages reached villages our leaflets never did.",
  },
  {
    name: "Meridian Logistics",
    type: "Enterprise",
    region: "Asia Pacific",
    logo: "ML",
    quote: "Two hundred drivers took the pledge. Night-shift snacking looks very different now.",
  },
];

export const PARTNER_STEPS: readonly PartnerStep[] = [
  {
    step: 1,
    title: "Sign the pledge",
    description: "Commit your organization to the campaign.",
    details: ["Fill in the partner form below", "Receive your welcome kit by email"],
  },
  {
    step: 2,
    title: "Announce",
    description: "Tell your community you have joined MAGIC.",
    details: ["Use the announcement templates", "Share the campaign page with your network"],
  },
  {
    step: 3,
    title: "Choose your first activity",
    description: "Pick an activity that fits your people.",
    details: ["A lunch-and-learn, a screening day or a story week", "Step-by-step guides in the kit"],
  },
  {
    step: 4,
    title: "Engage",
    description: "Run the activity and invite people to pledge.",
    details: ["Collect pledges and stories", "Answer questions with the conversation guides"],
  },
  {
    step: 5,
    title: "Share impact",
    description: "Show what changed and inspire the next partner.",
    details: ["Report pledges and stories", "Feature your results in the community highlights"],
  },
];
