// TEMPORARY, hand-written: the admin moderation endpoints are being added to the admin service on
// another branch and are not in lib/api/schema.gen.ts yet. These shapes copy the agreed API
// (pending films, film status decision, reports, waitlist, feedback). Once the generated schema has
// them, replace this file with aliases in lib/api/types.ts and call `apiClient` directly.
import type { Client } from 'openapi-fetch';

import { apiClient } from '@/lib/api-client';
import type { FilmStatus } from '@/lib/api/types';

export type AiDisclosure = {
  tools: string[];
  parts: string[];
  realLikeness: boolean;
  likenessConsent: boolean;
  notes: string | null;
};

/** A film waiting for review, oldest submission first; only films whose video is ready. */
export type PendingFilm = {
  id: number;
  title: string;
  description: string;
  genre: string;
  language: string;
  /** Minutes. */
  duration: number;
  releaseYear: number;
  posterUrl: string | null;
  videoUrl: string | null;
  status: FilmStatus;
  /** When the film was submitted. */
  createdAt: string;
  aiDisclosure: AiDisclosure | null;
  creator: {
    id: number;
    userId: string;
    user: {
      id: string;
      firstName: string | null;
      lastName: string | null;
      email: string;
      profileImageUrl: string | null;
    };
  };
};

export type ReviewDecision = 'published' | 'archived';
export type FilmStatusInput = { status: ReviewDecision; reason?: string };
export type FilmStatusResult = { filmId: number; status: ReviewDecision; reason: string | null };

export type ReportStatus = 'open' | 'resolved' | 'dismissed';
export type ReportSubjectType = 'film' | 'review';
export type Report = {
  id: number;
  subjectType: ReportSubjectType;
  subjectId: number;
  reason: string;
  details: string | null;
  status: ReportStatus;
  note: string | null;
  createdAt: string;
  resolvedAt: string | null;
  reporter: { id: string; firstName: string | null; lastName: string | null; email: string };
  subject: { title: string | null };
};
export type ReportDecisionInput = { status: Exclude<ReportStatus, 'open'>; note?: string };

export type WaitlistEntry = { email: string; createdAt: string };
export type FeedbackEntry = {
  id: number;
  name: string | null;
  email: string;
  vision: string;
  createdAt: string;
};

/** The admin dashboard's counters: films awaiting review and reports not yet handled. */
export type AdminStats = { pendingReviews: number; openReports: number };

type Page = { limit?: number; offset?: number };
type Json<T> = { headers: Record<string, unknown>; content: { 'application/json': T } };
type NoParams = { header?: never; cookie?: never };
type Get<Query, Result> = {
  parameters: NoParams & { query?: Query; path?: never };
  requestBody?: never;
  responses: { 200: Json<Result> };
};
type Patch<Body, Result> = {
  parameters: NoParams & { query?: never; path: { id: number } };
  requestBody: { content: { 'application/json': Body } };
  responses: { 200: Json<Result> };
};

type AdminPaths = {
  '/api/admin/stats': { get: Get<never, AdminStats> };
  '/api/admin/films/pending': { get: Get<Page, PendingFilm[]> };
  '/api/admin/films/{id}/status': { patch: Patch<FilmStatusInput, FilmStatusResult> };
  '/api/admin/reports': { get: Get<Page & { status?: ReportStatus }, Report[]> };
  '/api/admin/reports/{id}': { patch: Patch<ReportDecisionInput, Report> };
  '/api/admin/waitlist': { get: Get<Page, WaitlistEntry[]> };
  '/api/admin/feedback': { get: Get<Page, FeedbackEntry[]> };
};

/** The app's one client (same cookies, errors and 401 behaviour), typed for the paths above. */
export const adminClient = apiClient as unknown as Client<AdminPaths>;

/** A rejection reason and a report note are at most this long. */
export const MODERATION_REASON_MAX_LENGTH = 1000;
