import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

/** SHA-256 (hex) of a stored text, as auth sends a deleted member's address. */
export const sha256Of = (column: string) =>
  sql<string>`encode(sha256(convert_to(${sql.ref(column)}, 'UTF8')), 'hex')`;

/** Members who deleted their account, and what admin erases of them. */
@Injectable()
export class ErasedMembersRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  async record(userId: string, emailSha256: string): Promise<void> {
    await this.db
      .insertInto('erased_members')
      .values({ user_id: userId, email_sha256: emailSha256 })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
  }

  /** The waitlist entry and feedback sent from the member's address. */
  async removeByAddress(emailSha256: string): Promise<void> {
    await this.db.deleteFrom('waitlist').where(sha256Of('email'), '=', emailSha256).execute();
    await this.db.deleteFrom('feedback').where(sha256Of('email'), '=', emailSha256).execute();
  }
}
