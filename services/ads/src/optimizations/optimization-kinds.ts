/**
 * What the optimizations log records: selections held back to stay on pace (`paced`) or by a
 * frequency cap (`capped`), per campaign and minute; a budget spent; a flight ended.
 */
export const OPTIMIZATION_KINDS = ['paced', 'capped', 'budget_exhausted', 'flight_ended'] as const;
export type OptimizationKind = (typeof OPTIMIZATION_KINDS)[number];

/** Recent Optimizations groups what the log holds of this many hours past. */
export const OPTIMIZATIONS_WINDOW_HOURS = 24;
