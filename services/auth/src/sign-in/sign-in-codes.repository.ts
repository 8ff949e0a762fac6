import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

/** The one pending sign-in code per address (its hash), with the wrong guesses made at it. */
@Injectable()
export class SignInCodesRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Stores a new code for the address, replacing any earlier one and its attempts. */
  async replace(email: string, codeHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('sign_in_codes')
      .values({
        email,
        code_hash: codeHash,
        attempts: 0,
        expires_at: expiresAt.toISOString(),
        created_at: sql<string>`now()`,
      })
      .onConflict((conflict) =>
        conflict.column('email').doUpdateSet((eb) => ({
          code_hash: eb.ref('excluded.code_hash'),
          attempts: 0,
          expires_at: eb.ref('excluded.expires_at'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  }

  /** The address's code, locked until the caller's transaction ends. */
  lock(email: string) {
    return this.db
      .selectFrom('sign_in_codes')
      .select(['code_hash', 'attempts', 'expires_at'])
      .where('email', '=', email)
      .forUpdate()
      .executeTakeFirst();
  }

  async setAttempts(email: string, attempts: number): Promise<void> {
    await this.db.updateTable('sign_in_codes').set({ attempts }).where('email', '=', email).execute();
  }

  /** Uses the code up. */
  async remove(email: string): Promise<void> {
    await this.db.deleteFrom('sign_in_codes').where('email', '=', email).execute();
  }
}
