import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, JobQueue, type JobHandlers } from '@kinora/common';
import type { Config } from '../config';
import { RecommendationsRepository } from './recommendations.repository';
import {
  EVERYONE_KEY,
  filmKey,
  FULL_KEY,
  memberKey,
  RECOMMEND_QUEUE,
  type RecommendJobs,
} from './recommend.queue';
import { memberRows, trendingRows } from './rows';
import { neighboursOf, type CatalogueFilm } from './similarity';
import { movedFilms, tasteWeights } from './taste';

/** The owner of the visitors' (and new members') rows. */
export const EVERYONE = '*';
/** Their films' neighbours follow a little later, after the burst. */
const FILM_DELAY_MS = 5_000;

/**
 * analytics-worker's recommendation jobs (docs/recommendations.md). A member's change recomputes
 * their weights, the neighbours of the films it moved (and of a film not placed yet) and their rows
 * at once, and their other films' neighbours soon after; everything is recomputed on a schedule,
 * which is what carries one member's doings into everyone else's rows. Every job
 * recomputes from stored rows, so a redelivered event or a repeated job changes nothing.
 */
@Injectable()
export class RecommendationJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RecommendationJobs.name);
  private readonly queue: JobQueue<RecommendJobs>;

  constructor(
    private readonly em: EntityManager,
    private readonly repository: RecommendationsRepository,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.queue = new JobQueue(RECOMMEND_QUEUE, config);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.schedule('full', {}, this.config.RECOMMEND_FULL_EVERY_SECONDS * 1000);
    await this.queue.add('full', {}, { deduplication: { id: FULL_KEY }, removeOnComplete: true });
  }

  onApplicationShutdown(): Promise<void> {
    return this.queue.onApplicationShutdown();
  }

  handlers(): JobHandlers<RecommendJobs> {
    return {
      member: async ({ userId }) => {
        await this.queue.queue.removeDeduplicationKey(memberKey({ userId }));
        const { liked, moved } = await this.recomputeWeights(userId);
        // The films their change moved, and any never placed yet (new, or liked for the first time),
        // get their neighbours now, from the catalogue as it is: the rows built next reflect what they
        // just did. Their other films' neighbours follow a little later.
        const now = [
          ...new Set([
            ...moved.filter((filmId) => liked.includes(filmId)),
            ...(await this.repository.withoutNeighbours(liked)),
          ]),
        ];
        if (now.length > 0) {
          const catalogue = await this.repository.catalogue();
          for (const filmId of now) await this.recomputeNeighbours(filmId, catalogue);
        }
        await this.recomputeRows(userId);
        const later = [...new Set([...liked, ...moved])].filter((filmId) => !now.includes(filmId));
        await this.queue.addMany(
          'film',
          later.map((filmId) => ({ filmId })),
          (job) => ({ deduplication: { id: filmKey(job) }, delay: FILM_DELAY_MS, removeOnComplete: true }),
        );
      },
      film: async ({ filmId }) => {
        await this.queue.queue.removeDeduplicationKey(filmKey({ filmId }));
        await this.recomputeNeighbours(filmId, await this.repository.catalogue());
      },
      everyone: async () => {
        await this.queue.queue.removeDeduplicationKey(EVERYONE_KEY);
        await this.saveEveryonesRows(await this.repository.catalogue());
      },
      full: async () => {
        await this.queue.queue.removeDeduplicationKey(FULL_KEY);
        await this.recomputeAll();
      },
    };
  }

  /**
   * One member's weights from their sessions and ties (nothing if they turned personalisation off).
   * Returns the films they like, and those whose weight this recompute moved: the neighbours of
   * both may move with it.
   */
  async recomputeWeights(userId: string): Promise<{ liked: number[]; moved: number[] }> {
    return this.em.fork().transactional(async () => {
      await this.repository.lockMember(userId);
      const before = await this.repository.weightsOf(userId);
      const weights = (await this.repository.personalised(userId))
        ? tasteWeights(await this.repository.filmSessionsOf(userId), await this.repository.filmTiesOf(userId))
        : [];
      await this.repository.replaceWeights(userId, weights);
      return {
        liked: weights.filter((w) => w.weight > 0).map((w) => w.filmId),
        moved: movedFilms(before, weights),
      };
    });
  }

  /** One member's rows from their weights and the films' current neighbours. */
  async recomputeRows(userId: string): Promise<void> {
    await this.em.fork().transactional(async () => {
      await this.repository.lockMember(userId);
      await this.saveMemberRows(userId);
    });
  }

  private async saveMemberRows(userId: string): Promise<void> {
    const history = await this.repository.weightsOf(userId);
    if (history.length === 0) {
      await this.repository.saveRows(userId, []);
      return;
    }
    const model = {
      history,
      neighbours: await this.repository.neighboursOf(history.map((w) => w.filmId)),
      films: await this.repository.publishedFilms(),
      followedCreators: await this.repository.followedCreators(userId),
      criticPicks: await this.repository.criticPicks(userId),
    };
    await this.repository.saveRows(userId, memberRows(model));
  }

  /** One film's nearest films (none once it is no longer published). */
  async recomputeNeighbours(filmId: number, catalogue: CatalogueFilm[]): Promise<void> {
    await this.em.fork().transactional(async () => {
      await this.repository.lockFilm(filmId);
      const film = catalogue.find((f) => f.id === filmId);
      if (!film) {
        await this.repository.replaceNeighbours(filmId, []);
        return;
      }
      const together = await this.repository.coOccurrences(filmId);
      const norms = await this.repository.norms([filmId, ...together.map((pair) => pair.filmId)]);
      await this.repository.replaceNeighbours(filmId, neighboursOf(film, together, norms, catalogue));
    });
  }

  private async saveEveryonesRows(catalogue: Awaited<ReturnType<RecommendationsRepository['catalogue']>>) {
    const rows = trendingRows(catalogue.map((f) => ({ id: f.id, genre: f.genre, views: f.trending })));
    await this.em.fork().transactional(() => this.repository.saveRows(EVERYONE, rows));
  }

  /** Every weight, then every film's neighbours, then every member's rows and the visitors'. */
  async recomputeAll(): Promise<void> {
    const started = Date.now();
    const members = await this.repository.members();
    for (const userId of members) await this.recomputeWeights(userId);
    const catalogue = await this.repository.catalogue();
    const films = new Set([...catalogue.map((f) => f.id), ...(await this.repository.filmsWithNeighbours())]);
    for (const filmId of films) await this.recomputeNeighbours(filmId, catalogue);
    for (const userId of members) await this.recomputeRows(userId);
    await this.saveEveryonesRows(catalogue);
    this.logger.log(
      { members: members.length, films: films.size, ms: Date.now() - started },
      'recommendations recomputed',
    );
  }
}
