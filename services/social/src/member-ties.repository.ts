import type { Db } from './db';

/**
 * A member's ties to things of one kind, a row each: follows of creators, follows of critics, likes
 * of films. Tying twice is one tie; untying where there is none changes nothing.
 */
export abstract class MemberTiesRepository {
  protected constructor(
    protected readonly db: Db,
    private readonly table: 'follows' | 'critic_follows' | 'likes',
    /** The column naming the thing tied to. */
    private readonly column: 'creator_id' | 'critic_id' | 'film_id',
  ) {}

  /** Ties the member to the thing, or unties them; answers whether it changed anything. */
  set(userId: string, id: number, tied: boolean): Promise<boolean> {
    return tied ? this.tie(userId, id) : this.untie(userId, id);
  }

  /** How many members are tied to the thing. */
  async count(id: number): Promise<number> {
    const { n } = await this.db
      .selectFrom(this.table)
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where(this.column, '=', id)
      .executeTakeFirstOrThrow();
    return n;
  }

  private async tie(userId: string, id: number): Promise<boolean> {
    const added = await this.db
      .insertInto(this.table)
      .values({ user_id: userId, [this.column]: id })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return added.numInsertedOrUpdatedRows! > 0n;
  }

  private async untie(userId: string, id: number): Promise<boolean> {
    const removed = await this.db
      .deleteFrom(this.table)
      .where('user_id', '=', userId)
      .where(this.column, '=', id)
      .executeTakeFirst();
    return removed.numDeletedRows > 0n;
  }
}
