import type { ReportReason } from '@kinora/contracts';

/**
 * Plain words for the reasons a member can give when reporting a film or a review; the reason codes
 * themselves are @kinora/contracts'. Used by the report dialog and the admin reports queue.
 */
export const REPORT_REASON_LABELS = {
  spam: 'Spam or scam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  sexual: 'Sexual content',
  violence: 'Violence or threats',
  copyright: 'Copyright infringement',
  undisclosed_ai: 'Undisclosed AI use',
  impersonation: 'Impersonation',
  other: 'Something else',
} as const satisfies Record<ReportReason, string>;

/** The label of a reason code, or the code itself for one this build does not know yet. */
export const reportReasonLabel = (reason: string): string =>
  (REPORT_REASON_LABELS as Record<string, string>)[reason] ?? reason;
