import { compiledRead } from '@kinora/common';
import type { Db } from './db';

/**
 * A member's ties to things of one kind, a row each: follows of creators, follows of critics, likes
 * of films. Tying twice is one tie; untying where there is none changes nothing.
 */
export abstract class MemberTiesRepository {
  /** What a page shows beside the thing ("Following", a filled heart): hot, so compiled once. */
  private readonly tiedRead;

  protected constructor(
    protected readonly db: Db,
    private readonly table: 'follows' | 'critic_follows' | 'likes',
    /** The column naming the thing tied to. */
    private readonly column: 'creator_id' | 'critic_id' | 'film_id',
    /** The table of the things tied to. */
    private readonly things: 'creators' | 'critics' | 'films',
  ) {
    this.tiedRead = this.compileTiedRead();
  }

  private compileTiedRead() {
    // The tables are this repository's own, named at run time: db.dynamic writes the same SQL.
    const { ref, table } = this.db.dynamic;
    return compiledRead(this.db, (p: { userId: string; id: number }) =>
      this.db
        .selectFrom(table(this.things).as('c'))
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom(this.table)
                .select(eb.lit(1).as('one'))
                .whereRef(ref(`${this.table}.${this.column}`), '=', 'c.id')
                .where(ref(`${this.table}.user_id`), '=', p.userId),
            )
            .$castTo<boolean>()
            .as('following'),
        )
        .where('c.id', '=', p.id),
    );
  }

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

  /** Whether the member is tied to the thing; undefined when there is no such thing. */
  async isTied(userId: string, id: number): Promise<boolean | undefined> {
    const [row] = await this.tiedRead({ userId, id });
    return row?.following;
  }

  /** The ids of the things the member is tied to, newest tie first. */
  async tiedTo(userId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom(this.table)
      .select(this.column)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy(this.column, 'desc')
      .execute();
    return rows.map((row) => row[this.column]);
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
