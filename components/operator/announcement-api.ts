import { apiRequest } from "@/components/api/api-request";
import {
  announcementPreviewSchema,
  announcementSentSchema,
  announcementTestResultSchema,
  type AnnouncementRequest,
} from "@/lib/operator/announcement-schemas";
import { SAVE_FAILED } from "./operator-api";

// A cohort's announcements (D17). Each throws ApiRequestError with the server's message.

const base = (cohortId: string) => `/api/operator/cohorts/${cohortId}/announcements` as const;

export const previewAnnouncement = (cohortId: string, body: AnnouncementRequest) =>
  apiRequest({ method: "POST", path: `${base(cohortId)}/preview`, body, schema: announcementPreviewSchema, fallback: SAVE_FAILED });

export const sendAnnouncementTest = (cohortId: string, body: AnnouncementRequest) =>
  apiRequest({ method: "POST", path: `${base(cohortId)}/test`, body, schema: announcementTestResultSchema, fallback: SAVE_FAILED });

export const sendAnnouncement = (cohortId: string, body: AnnouncementRequest) =>
  apiRequest({ method: "POST", path: base(cohortId), body, schema: announcementSentSchema, fallback: SAVE_FAILED });
