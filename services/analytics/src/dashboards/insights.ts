import type { CreatorFilmFiguresDto, DemographicsDto, InsightDto } from './dto/creator-analytics.dto';
import type { DailyFiguresDto } from './dto/figures.dto';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const hours = (seconds: number) => `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;

/** Performance insights computed from the period's figures; none is said without data behind it. */
export function insightsOf(input: {
  daily: DailyFiguresDto[];
  topFilms: CreatorFilmFiguresDto[];
  demographics: DemographicsDto;
}): InsightDto[] {
  const insights: InsightDto[] = [];
  const best = input.daily.reduce<DailyFiguresDto | null>(
    (top, day) => (day.views > (top?.views ?? 0) ? day : top),
    null,
  );
  if (best) {
    const weekday = WEEKDAYS[new Date(`${best.date}T00:00:00Z`).getUTCDay()];
    insights.push({
      kind: 'best-day',
      title: `Best day: ${weekday} ${best.date}`,
      detail: `${best.views} view${best.views === 1 ? '' : 's'} and ${hours(best.watchTime)} watched.`,
    });
  }
  const country = input.demographics.countries.find((share) => share.name !== 'Unknown');
  if (country) {
    insights.push({
      kind: 'strongest-country',
      title: `Strongest country: ${country.name}`,
      detail: `${country.percentage}% of your sessions in this period.`,
    });
  }
  const device = input.demographics.devices[0];
  if (device) {
    insights.push({
      kind: 'top-device',
      title: `Most watched on ${device.name}`,
      detail: `${device.percentage}% of sessions.`,
    });
  }
  const film = input.topFilms.find((candidate) => candidate.periodViews > 0);
  if (film) {
    insights.push({
      kind: 'top-film',
      title: `Top film: ${film.film.title}`,
      detail: `${film.periodViews} views, ${Math.round(film.completionRate * 100)}% of sessions finished it.`,
    });
    // Where the audience of the top film leaves: the first percent at which fewer than half remain.
    const start = film.retention[0] ?? 0;
    const drop = film.retention.findIndex((share) => start > 0 && share < start / 2);
    if (drop > 0) {
      insights.push({
        kind: 'drop-off',
        title: `Drop-off at ${drop}% of ${film.film.title}`,
        detail: `Half of the viewers who started it have left by then.`,
      });
    }
  }
  return insights;
}
