import { baseConfigSchema } from '@kinora/common';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** Addresses that get isAdmin when they sign in. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
});
export type Config = typeof configSchema._output;
