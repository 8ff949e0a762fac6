import { CHART_COLORS, SeriesChart } from '@/components/charts/series-chart';
import { formatShare } from '@/lib/format';
import type { CreatorFilmFigures } from '@/lib/api/types';

/** The share of the period's sessions that watched each percent of the film, as a line over 0–99 %. */
export function FilmRetention({ figures, days }: { figures: CreatorFilmFigures; days: number }) {
  const { retention, completionRate } = figures;
  if (retention.length === 0 || retention.every((share) => share === 0)) {
    return <p className="text-sm text-fg-muted">No plays of this film in the last {days} days yet.</p>;
  }
  const halfway = retention[Math.floor(retention.length / 2)] ?? 0;
  return (
    <SeriesChart
      label={`Retention of ${figures.film.title}`}
      data={retention.map((share, percent) => ({ percent, share }))}
      xKey="percent"
      xLabel="Point of the film"
      formatX={(value) => `${value}%`}
      yDomain={[0, 1]}
      height={200}
      series={[{ key: 'share', label: 'Still watching', color: CHART_COLORS.accent, format: formatShare }]}
      summary={`${formatShare(halfway)} still watching at the halfway point · ${formatShare(completionRate)} of sessions reached 90% of the film (last ${days} days).`}
    />
  );
}
