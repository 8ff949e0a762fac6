import { baseConfigSchema, mailConfigSchema } from '@kinora/common';

/** admin mails creators the outcome of a review (SMTP_URL, MAIL_FROM, PUBLIC_URL for links). */
export const configSchema = baseConfigSchema.merge(mailConfigSchema);
export type Config = typeof configSchema._output;
