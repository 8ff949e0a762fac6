import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ClientContext, type JobQueue } from '@kinora/common';
import type { RecommendationRowDto, RowEventDto } from './dto/recommendation.dto';
import { EVERYONE } from './recommendation-jobs';
import { RecommendationsRepository } from './recommendations.repository';
import { memberJob, RECOMMEND, type RecommendJobs } from './recommend.queue';
import { RowEventsRepository } from './row-events.repository';
import { ROLLUPS, rowDayKey, type RollupJobs } from '../rollups/rollups.queue';

/** Films shown under "More like this". */
const SIMILAR_SHOWN = 12;
/** The visitors' rows change at most every few seconds (after views): each process keeps them this long. */
const EVERYONE_TTL_MS = 5_000;

/** Serves the rows analytics-worker keeps (docs/recommendations.md), and the member's choice. */
@Injectable()
export class RecommendationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: RecommendationsRepository,
    @Inject(RECOMMEND) private readonly jobs: JobQueue<RecommendJobs>,
    private readonly rowEvents: RowEventsRepository,
    @Inject(ROLLUPS) private readonly rollups: JobQueue<RollupJobs>,
    private readonly client: ClientContext,
  ) {}

  /**
   * Records a row shown or a film opened from it, once per browsing session and row, and queues the
   * day's rollup when it is new. The viewer key is the viewing sessions', so a later view of the
   * film can be traced to the click.
   */
  async recordRowEvent(event: RowEventDto, caller: { userId: string | null; ip: string; userAgent: string }) {
    if (event.kind === 'click' && event.filmId === undefined) {
      throw new BadRequestException('filmId is required for a click');
    }
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const stored = await this.rowEvents.insert({
      session_id: event.session.toLowerCase(),
      row_key: event.rowKey,
      kind: event.kind,
      row_kind: event.rowKind,
      film_id: event.filmId ?? null,
      user_id: caller.userId,
      viewer_key: this.client.of(caller.ip, caller.userAgent, 'desktop', caller.userId).viewerKey,
      occurred_at: now.toISOString(),
      day,
    });
    if (stored) {
      await this.rollups.add(
        'row-day',
        { day },
        { deduplication: { id: rowDayKey({ day }) }, removeOnComplete: true },
      );
    }
  }

  private everyone?: { json: Promise<string>; until: number };

  /**
   * The member's own rows when there are any, else everyone's trending per genre: the answer's JSON
   * (HomeRecommendationsDto), around the rows as stored, which are never parsed on the way.
   */
  async homeJson(userId: string | null): Promise<string> {
    const mine = userId ? await this.repository.rowsJsonOf(userId) : '[]';
    if (mine !== '[]') return `{"personalised":true,"rows":${mine}}`;
    return this.everyonesJson();
  }

  private everyonesJson(): Promise<string> {
    if (!this.everyone || this.everyone.until < Date.now()) {
      const json = this.repository
        .rowsJsonOf(EVERYONE)
        .then((rows) => `{"personalised":false,"rows":${rows}}`);
      this.everyone = { json, until: Date.now() + EVERYONE_TTL_MS };
      json.catch(() => (this.everyone = undefined));
    }
    return this.everyone.json;
  }

  /** "More like this": the film's nearest films, and on what basis. */
  async similar(filmId: number): Promise<RecommendationRowDto> {
    const films = await this.repository.publishedFilms();
    const film = films.get(filmId);
    if (!film) throw new NotFoundException('Film not found');
    const neighbours = (await this.repository.neighboursOf([filmId])).get(filmId) ?? [];
    const shown = neighbours.filter((n) => films.has(n.neighbourId)).slice(0, SIMILAR_SHOWN);
    const coWatched = shown.some((n) => n.basis === 'co-watched');
    return {
      kind: 'more-like-this',
      key: `similar:${filmId}`,
      title: 'More like this',
      reason: coWatched
        ? `Members who watched ${film.title} also watched these`
        : `From the creator and the genre of ${film.title}`,
      filmIds: shown.map((n) => n.neighbourId),
    };
  }

  personalised(userId: string): Promise<boolean> {
    return this.repository.personalised(userId);
  }

  /** Stores the choice and recomputes the member's rows: off drops them and what was learned of them. */
  async setPersonalised(userId: string, personalised: boolean): Promise<boolean> {
    await this.em.fork().transactional(async () => {
      await this.repository.setPersonalised(userId, personalised);
      // Off takes effect at once; the recompute then drops what was learned of them.
      if (!personalised) await this.repository.saveRows(userId, []);
    });
    const { payload, options } = memberJob(userId);
    await this.jobs.add('member', payload, { ...options, delay: 0 });
    return personalised;
  }
}
