import { baseConfigSchema, mailConfigSchema } from '@kinora/common';

export const configSchema = baseConfigSchema.merge(mailConfigSchema);
export type Config = typeof configSchema._output;
