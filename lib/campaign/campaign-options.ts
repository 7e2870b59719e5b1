// SPEC §3 Campaign forms: the organisation types and regions a partner chooses from.
export const ORG_TYPES = [
  { value: "government", label: "Government" },
  { value: "ngo", label: "NGO / Non-profit" },
  { value: "enterprise", label: "Enterprise" },
  { value: "education", label: "Education" },
  { value: "healthcare", label: "Healthcare" },
  { value: "other", label: "Other" },
] as const;

export const REGIONS = [
  { value: "north-america", label: "North America" },
  { value: "south-america", label: "South America" },
  { value: "europe", label: "Europe" },
  { value: "africa", label: "Africa" },
  { value: "asia-pacific", label: "Asia Pacific" },
  { value: "middle-east", label: "Middle East" },
] as const;

export type OrgType = (typeof ORG_TYPES)[number]["value"];
export type Region = (typeof REGIONS)[number]["value"];

export const ORG_TYPE_VALUES = ORG_TYPES.map((o) => o.value) as [OrgType, ...OrgType[]];
export const REGION_VALUES = REGIONS.map((r) => r.value) as [Region, ...Region[]];

export const STORY_FORMATS = ["video", "audio", "text"] as const;
export type StoryFormat = (typeof STORY_FORMATS)[number];
/** The formats a person records (the /magic form's team reaches out to record them). */
export const RECORDED_STORY_FORMATS = ["video", "audio"] as const;
export type RecordedStoryFormat = (typeof RECORDED_STORY_FORMATS)[number];

export const NAME_MAX = 100;
export const ORG_NAME_MAX = 150;
export const MESSAGE_MAX = 2000;
export const STORY_TEXT_MAX = 2000;
