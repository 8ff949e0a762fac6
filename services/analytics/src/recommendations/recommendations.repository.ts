import { compiledRead, InjectQueryDb, lockForTransaction, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql, type Insertable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';
import type { Row } from './rows';
import type { Neighbour } from './similarity';
import type { FilmTie, TasteWeight } from './taste';

export type TieRecord = Insertable<DB['member_ties']>;
export type CriticRatingRecord = Insertable<DB['critic_ratings']>;

/** The film tie kinds, whose weights a history clear forgets. */
const FILM_TIES = ['rating', 'like', 'watchlist', 'favorite'] as const;
/** "Trending" is the last 7 days; the fallbacks' popularity the last 28. */
const TRENDING_DAYS = 7;
const POPULAR_DAYS = 28;

/** Keeps the newest of each key in a batch (a later one of the same time wins): one upsert row per key. */
function newestPerKey<T>(rows: T[], keyOf: (row: T) => string, timeOf: (row: T) => string): T[] {
  const newest = new Map<string, T>();
  for (const row of rows) {
    const kept = newest.get(keyOf(row));
    if (!kept || Date.parse(timeOf(row)) >= Date.parse(timeOf(kept))) newest.set(keyOf(row), row);
  }
  return [...newest.values()];
}

/** The recommendation model's tables (docs/recommendations.md): what it learns from and what it keeps. */
@Injectable()
export class RecommendationsRepository {
  /** The home page's read, on every member's visit: compiled once. */
  private readonly rowsRead;

  constructor(@InjectQueryDb() private readonly db: Db) {
    // As stored, in JSON text: the answer embeds it without parsing and serialising it again.
    this.rowsRead = compiledRead(db, (p: { owner: string }) =>
      db
        .selectFrom('recommendation_rows')
        .select(sql<string>`rows::text`.as('rows'))
        .where('owner', '=', p.owner),
    );
  }

  lockMember(userId: string): Promise<void> {
    return lockForTransaction<DB>(this.db, 'analytics.taste', userId);
  }

  lockFilm(filmId: number): Promise<void> {
    return lockForTransaction<DB>(this.db, 'analytics.neighbours', String(filmId));
  }

  /** Each tie as its newest event says; an older or repeated event changes nothing. */
  async storeTies(ties: TieRecord[]): Promise<void> {
    const rows = newestPerKey(
      ties,
      (t) => `${t.user_id}|${t.kind}|${t.target_id}`,
      (t) => String(t.changed_at),
    );
    if (rows.length === 0) return;
    await this.db
      .insertInto('member_ties')
      .values(rows)
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'kind', 'target_id'])
          .doUpdateSet((eb) => takeExcluded(eb, ['value', 'changed_at']))
          .where('member_ties.changed_at', '<=', (eb) => eb.ref('excluded.changed_at')),
      )
      .execute();
  }

  /** A critic's rating of a film, the newest review's. */
  async storeCriticRatings(ratings: CriticRatingRecord[]): Promise<void> {
    const rows = newestPerKey(
      ratings,
      (r) => `${r.critic_id}|${r.film_id}`,
      (r) => String(r.rated_at),
    );
    if (rows.length === 0) return;
    await this.db
      .insertInto('critic_ratings')
      .values(rows)
      .onConflict((conflict) =>
        conflict
          .columns(['critic_id', 'film_id'])
          .doUpdateSet((eb) => takeExcluded(eb, ['rating', 'rated_at']))
          .where('critic_ratings.rated_at', '<=', (eb) => eb.ref('excluded.rated_at')),
      )
      .execute();
  }

  /** The member's sessions per film since they last cleared their history. */
  async filmSessionsOf(userId: string) {
    const rows = await this.db
      .selectFrom('viewing_sessions as s')
      .leftJoin('history_clears as h', 'h.user_id', 's.user_id')
      .select((eb) => [
        's.film_id',
        eb.fn<boolean>('bool_or', [sql`s.qualified_at is not null`]).as('qualified'),
        eb.fn<boolean>('bool_or', ['s.completed']).as('completed'),
        eb.fn.max('s.client_updated_at').as('last_at'),
      ])
      .where('s.user_id', '=', userId)
      .where((eb) =>
        eb.or([eb('h.cleared_at', 'is', null), eb('s.last_received_at', '>', eb.ref('h.cleared_at'))]),
      )
      .groupBy('s.film_id')
      .execute();
    return rows.map((row) => ({
      filmId: row.film_id,
      qualified: row.qualified,
      completed: row.completed,
      lastAt: new Date(row.last_at),
    }));
  }

  /** The member's film ties made since they last cleared their history. */
  async filmTiesOf(userId: string): Promise<FilmTie[]> {
    const rows = await this.db
      .selectFrom('member_ties as t')
      .leftJoin('history_clears as h', 'h.user_id', 't.user_id')
      .select(['t.kind', 't.target_id', 't.value', 't.changed_at'])
      .where('t.user_id', '=', userId)
      .where('t.kind', 'in', FILM_TIES)
      .where((eb) => eb.or([eb('h.cleared_at', 'is', null), eb('t.changed_at', '>', eb.ref('h.cleared_at'))]))
      .execute();
    return rows.map((row) => ({
      kind: row.kind as FilmTie['kind'],
      filmId: Number(row.target_id),
      value: row.value,
      changedAt: new Date(row.changed_at),
    }));
  }

  /** The creators the member follows now. */
  async followedCreators(userId: string): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('member_ties')
      .select('target_id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'creator-follow')
      .where('value', '>', 0)
      .execute();
    return new Set(rows.map((row) => Number(row.target_id)));
  }

  /** Films rated 7+ by critics the member follows: best rated first, then latest. */
  async criticPicks(userId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('critic_ratings as r')
      .innerJoin('member_ties as t', (join) =>
        join
          .onRef('t.target_id', '=', 'r.critic_id')
          .on('t.kind', '=', 'critic-follow')
          .on('t.value', '>', 0)
          .on('t.user_id', '=', userId),
      )
      .select((eb) => [
        'r.film_id',
        eb.fn.max('r.rating').as('rating'),
        eb.fn.max('r.rated_at').as('rated_at'),
      ])
      .where('r.rating', '>=', 7)
      .groupBy('r.film_id')
      .orderBy('rating', 'desc')
      .orderBy('rated_at', 'desc')
      .orderBy('r.film_id')
      .execute();
    return rows.map((row) => row.film_id);
  }

  /** The member's weights, replaced as a whole (recompute, never increment). */
  async replaceWeights(userId: string, weights: TasteWeight[]): Promise<void> {
    await this.db.deleteFrom('taste_weights').where('user_id', '=', userId).execute();
    if (weights.length === 0) return;
    await this.db
      .insertInto('taste_weights')
      .values(
        weights.map((w) => ({
          user_id: userId,
          film_id: w.filmId,
          weight: w.weight,
          seen: w.seen,
          last_at: w.lastAt.toISOString(),
        })),
      )
      .execute();
  }

  async weightsOf(userId: string): Promise<TasteWeight[]> {
    const rows = await this.db
      .selectFrom('taste_weights')
      .select(['film_id', 'weight', 'seen', 'last_at'])
      .where('user_id', '=', userId)
      .orderBy('film_id')
      .execute();
    return rows.map((row) => ({
      filmId: row.film_id,
      weight: row.weight,
      seen: row.seen,
      lastAt: new Date(row.last_at),
    }));
  }

  /** For each film liked by members who liked this one: Σ of their weight products, and how many. */
  async coOccurrences(filmId: number) {
    const rows = await this.db
      .selectFrom('taste_weights as a')
      .innerJoin('taste_weights as b', (join) =>
        join.onRef('b.user_id', '=', 'a.user_id').onRef('b.film_id', '<>', 'a.film_id'),
      )
      .select((eb) => [
        'b.film_id',
        eb.fn.sum<number>(sql`a.weight * b.weight`).as('dot'),
        eb.cast<number>(eb.fn.countAll(), 'integer').as('together'),
      ])
      .where('a.film_id', '=', filmId)
      .where('a.weight', '>', 0)
      .where('b.weight', '>', 0)
      .groupBy('b.film_id')
      .execute();
    return rows.map((row) => ({ filmId: row.film_id, dot: Number(row.dot), together: row.together }));
  }

  /** √Σ weight² of each film over the members who liked it. */
  async norms(filmIds: number[]): Promise<Map<number, number>> {
    if (filmIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('taste_weights')
      .select(['film_id', sql<number>`sqrt(sum(weight * weight))`.as('norm')])
      .where('film_id', 'in', filmIds)
      .where('weight', '>', 0)
      .groupBy('film_id')
      .execute();
    return new Map(rows.map((row) => [row.film_id, Number(row.norm)]));
  }

  /** The published films' creators and titles, by id: what a member's rows may hold. */
  async publishedFilms(): Promise<Map<number, { creatorId: number; title: string }>> {
    const rows = await this.db
      .selectFrom('films')
      .select(['id', 'creator_id', 'title'])
      .where('status', '=', 'published')
      .where('deleted', '=', false)
      .orderBy('id')
      .execute();
    return new Map(rows.map((row) => [row.id, { creatorId: row.creator_id, title: row.title }]));
  }

  /** The published films with their qualified views of the last 7 and 28 days, by id. */
  async catalogue() {
    const rows = await this.db
      .selectFrom('films as f')
      .leftJoin('viewing_sessions as s', (join) =>
        join
          .onRef('s.film_id', '=', 'f.id')
          .on('s.qualified_at', '>', sql<string>`now() - make_interval(days => ${POPULAR_DAYS})`),
      )
      .select((eb) => [
        'f.id',
        'f.creator_id',
        'f.genre',
        'f.title',
        eb.cast<number>(eb.fn.count('s.session_id'), 'integer').as('popular'),
        eb
          .cast<number>(
            eb.fn
              .count('s.session_id')
              .filterWhere(
                's.qualified_at',
                '>',
                sql<string>`now() - make_interval(days => ${TRENDING_DAYS})`,
              ),
            'integer',
          )
          .as('trending'),
      ])
      .where('f.status', '=', 'published')
      .where('f.deleted', '=', false)
      .groupBy('f.id')
      .orderBy('f.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      creatorId: row.creator_id,
      genre: row.genre,
      title: row.title,
      popularity: row.popular,
      trending: row.trending,
    }));
  }

  async replaceNeighbours(filmId: number, neighbours: Neighbour[]): Promise<void> {
    await this.db.deleteFrom('film_neighbours').where('film_id', '=', filmId).execute();
    if (neighbours.length === 0) return;
    await this.db
      .insertInto('film_neighbours')
      .values(
        neighbours.map((n, rank) => ({
          film_id: filmId,
          rank,
          neighbour_id: n.neighbourId,
          score: n.score,
          basis: n.basis,
        })),
      )
      .execute();
  }

  async neighboursOf(filmIds: number[]): Promise<Map<number, Neighbour[]>> {
    const found = new Map<number, Neighbour[]>();
    if (filmIds.length === 0) return found;
    const rows = await this.db
      .selectFrom('film_neighbours')
      .select(['film_id', 'neighbour_id', 'score', 'basis'])
      .where('film_id', 'in', filmIds)
      .orderBy('film_id')
      .orderBy('rank')
      .execute();
    for (const row of rows) {
      const list = found.get(row.film_id) ?? [];
      list.push({ neighbourId: row.neighbour_id, score: row.score, basis: row.basis as Neighbour['basis'] });
      found.set(row.film_id, list);
    }
    return found;
  }

  /** Those of `filmIds` that have no neighbours stored yet. */
  async withoutNeighbours(filmIds: number[]): Promise<number[]> {
    if (filmIds.length === 0) return [];
    const placed = await this.db
      .selectFrom('film_neighbours')
      .select('film_id')
      .distinct()
      .where('film_id', 'in', filmIds)
      .execute();
    const known = new Set(placed.map((row) => row.film_id));
    return filmIds.filter((filmId) => !known.has(filmId));
  }

  /** The films whose neighbours are known: the full recompute redoes them all, and drops the unpublished. */
  async filmsWithNeighbours(): Promise<number[]> {
    const rows = await this.db.selectFrom('film_neighbours').select('film_id').distinct().execute();
    return rows.map((row) => row.film_id);
  }

  /** Everyone the model may hold something of: who watched as a member, tied something, or has rows. */
  async members(): Promise<string[]> {
    const rows = await sql<{ user_id: string }>`
      select user_id from viewing_sessions where user_id is not null and qualified_at is not null
      union select user_id from member_ties
      union select user_id from taste_weights
      union select owner from recommendation_rows where owner <> '*'
      order by 1`.execute(this.db);
    return rows.rows.map((row) => row.user_id);
  }

  async saveRows(owner: string, rows: Row[]): Promise<void> {
    if (rows.length === 0) {
      await this.db.deleteFrom('recommendation_rows').where('owner', '=', owner).execute();
      return;
    }
    await this.db
      .insertInto('recommendation_rows')
      .values({ owner, rows: JSON.stringify(rows), computed_at: new Date().toISOString() })
      .onConflict((conflict) =>
        conflict.column('owner').doUpdateSet((eb) => takeExcluded(eb, ['rows', 'computed_at'])),
      )
      .execute();
  }

  /** The stored rows of a member, or the visitors' ('*'), as a JSON array's text; '[]' when none. */
  async rowsJsonOf(owner: string): Promise<string> {
    const [found] = await this.rowsRead({ owner });
    return found?.rows ?? '[]';
  }

  /** Whether the member lets recommendations use what they do: yes unless they said no. */
  async personalised(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('recommendation_settings')
      .select('personalised')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.personalised ?? true;
  }

  async setPersonalised(userId: string, personalised: boolean): Promise<void> {
    await this.db
      .insertInto('recommendation_settings')
      .values({ user_id: userId, personalised, changed_at: new Date().toISOString() })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((eb) => takeExcluded(eb, ['personalised', 'changed_at'])),
      )
      .execute();
  }

  /** A member who deleted their account: everything the model holds of them. */
  async forget(userId: string): Promise<void> {
    await this.db.deleteFrom('member_ties').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('taste_weights').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('recommendation_rows').where('owner', '=', userId).execute();
    await this.db.deleteFrom('recommendation_settings').where('user_id', '=', userId).execute();
  }
}
