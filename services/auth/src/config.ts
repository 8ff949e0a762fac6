import { baseConfigSchema, mailConfigSchema } from '@kinora/common';
import { isAbsolute } from 'node:path';
import { z } from 'zod';

const DEV_SECRET = 'kinora-development-secret-change-me';
const DEV_SIGNING_KEY = 'kinora-development-session-signing-key-change-me';

export const configSchema = baseConfigSchema
  .merge(mailConfigSchema)
  .extend({
    /** Addresses that get isAdmin when they sign in (comma-separated). */
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Key of the HMAC that stores sign-in codes; must be set (and secret) in production. */
    AUTH_SECRET: z.string().min(16).default(DEV_SECRET),
    SIGN_IN_CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
    SIGN_IN_CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** Codes one address may request per window, and codes one client IP may request per window. */
    SEND_CODE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    SEND_CODE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    SEND_CODE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * Keys of the HMAC that signs session cookies, comma-separated: the first signs, any verifies
     * (rotation). The gateway holds the same list (KINORA_SESSION_SIGNING_KEYS).
     */
    SESSION_SIGNING_KEYS: z
      .string()
      .default(DEV_SIGNING_KEY)
      .transform((value) =>
        value
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .refine(
        (keys) => keys.length > 0 && keys.every((key) => key.length >= 32),
        'each key needs 32 characters or more',
      ),
    /**
     * How long a signed cookie is trusted by the gateway on its own; then auth looks at the session
     * again and signs a new one. Also how long the gateway keeps identity marks.
     */
    SESSION_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
    /** Directory the gateway serves at /media/: uploaded avatars are written under avatars/. */
    MEDIA_ROOT: z.string().refine((path) => isAbsolute(path), 'must be an absolute path'),
    FFMPEG_PATH: z.string().default('ffmpeg'),
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production' && config.AUTH_SECRET === DEV_SECRET) {
      context.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'must be set in production' });
    }
    if (config.NODE_ENV === 'production' && config.SESSION_SIGNING_KEYS.includes(DEV_SIGNING_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['SESSION_SIGNING_KEYS'],
        message: 'must be set in production',
      });
    }
  });
export type Config = z.infer<typeof configSchema>;
