import { baseConfigSchema } from '@kinora/common';
import { isAbsolute } from 'node:path';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** Directory the gateway serves at /media/: HLS renditions and posters are written here. */
  MEDIA_ROOT: z.string().refine((path) => isAbsolute(path), 'must be an absolute path'),
  /** Where source videos wait for transcoding (outside MEDIA_ROOT: never served). */
  SOURCE_ROOT: z
    .string()
    .refine((path) => isAbsolute(path), 'must be an absolute path')
    .optional(),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
});
export type Config = z.infer<typeof configSchema>;
