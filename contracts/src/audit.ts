/**
 * What the audit log records (docs/admin.md, "Audit log"), as "<subject>.<verb>". Each service
 * records the actions it carries out; admin keeps the log.
 */
export const AUDIT_ACTIONS = [
  // admin: moderation, reports, critic invitations
  'film.approved',
  'film.rejected',
  'report.resolved',
  'report.dismissed',
  'critic.invited',
  // auth: accounts
  'user.suspended',
  'user.unsuspended',
  'user.sessions-ended',
  'role.granted',
  'role.revoked',
  'account.exported',
  'account.deleted',
  // catalog: creators and films
  'creator.verified',
  'creator.unverified',
  'creator.suspended',
  'creator.unsuspended',
  'film.added-for-creator',
  // ads: advertisers, campaigns, creatives
  'advertiser.created',
  'advertiser.changed',
  'advertiser.deleted',
  'campaign.created',
  'campaign.changed',
  'campaign.deleted',
  'creative.added',
  'creative.changed',
  'creative.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** A reason given with an admin action (a suspension, a rejection): at most this long. */
export const AUDIT_REASON_MAX_LENGTH = 1000;
