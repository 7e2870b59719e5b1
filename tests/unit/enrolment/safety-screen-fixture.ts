import { SAFETY_SCREEN_VERSION } from "@/lib/questionnaire/safety-screen";

/** A safety screen answered 'no' three times: the visitor may go on to pay. */
export const noToAll = {
  version: SAFETY_SCREEN_VERSION,
  type1DiabetesOrInsulin: "no",
  pregnancy: "no",
  eatingDisorderHistory: "no",
} as const;
