import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** The one live sign-in code of an address; a new request replaces it, a success deletes it. */
@Entity({ tableName: 'sign_in_codes' })
export class SignInCode {
  @PrimaryKey({ type: 'text' })
  email!: string;

  /** HMAC-SHA256 of the code under AUTH_SECRET: the code itself is never stored. */
  @Property({ type: 'text' })
  codeHash!: string;

  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
