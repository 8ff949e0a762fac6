const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → '1.5 KB'; decimal places only below 100 of a unit. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export const formatSpeed = (bytesPerSecond: number): string => `${formatBytes(bytesPerSecond)}/s`;

/** Seconds left as '45 s', '3 min', '1 h 12 min'. */
export function formatTimeLeft(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export type RateSample = { at: number; bytes: number };

/** Bytes per second over the samples of the last `windowMs` (0 until two samples span some time). */
export function transferRate(samples: RateSample[], windowMs = 5000): number {
  const last = samples.at(-1);
  if (!last) return 0;
  const first = samples.find((sample) => sample.at >= last.at - windowMs) ?? last;
  const elapsed = last.at - first.at;
  return elapsed > 0 ? ((last.bytes - first.bytes) / elapsed) * 1000 : 0;
}
