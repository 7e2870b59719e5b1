// D11: every localStorage / sessionStorage key carries one product prefix and is declared here.
export const STORAGE_PREFIX = "gc_";

export const storageKeys = {
  widgetMode: `${STORAGE_PREFIX}widget_mode`,
  widgetPreferredMode: `${STORAGE_PREFIX}widget_preferred_mode`,
  questionIndex: `${STORAGE_PREFIX}question_index`,
  answers: `${STORAGE_PREFIX}answers`,
  questionnaireResult: `${STORAGE_PREFIX}questionnaire_result`,
  chatHistory: `${STORAGE_PREFIX}chat_history`,
  referral: `${STORAGE_PREFIX}referral`,
  recommendedPlan: `${STORAGE_PREFIX}recommended_plan`,
  visited: `${STORAGE_PREFIX}visited`,
  authToken: `${STORAGE_PREFIX}authToken`,
  pendingVerification: `${STORAGE_PREFIX}pending_verification`,
  pendingTelegramId: `${STORAGE_PREFIX}pending_telegram_id`,
  // D8: the proof the coach bot signed for that id; linking needs both.
  pendingTelegramProof: `${STORAGE_PREFIX}pending_telegram_proof`,
  // The username the bot signed with that id, named in the member's confirmation.
  pendingTelegramUsername: `${STORAGE_PREFIX}pending_telegram_username`,
  enrolmentDraft: `${STORAGE_PREFIX}enrolment_draft`,
  openCheckoutSession: `${STORAGE_PREFIX}open_checkout_session`,
  editPostSession: `${STORAGE_PREFIX}edit_post_session`,
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
