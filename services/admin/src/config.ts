import { baseConfigSchema } from '@kinora/common';

export const configSchema = baseConfigSchema.extend({});
export type Config = typeof configSchema._output;
