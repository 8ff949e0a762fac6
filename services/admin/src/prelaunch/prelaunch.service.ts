import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable } from '@nestjs/common';
import { ADMIN_LIST_DEFAULT_LIMIT } from '@kinora/contracts';
import type {
  FeedbackDto,
  FeedbackEntryDto,
  PrelaunchListQuery,
  WaitlistEntryDto,
} from './dto/prelaunch.dto';

@Injectable()
export class PrelaunchService {
  constructor(private readonly em: EntityManager) {}

  /** Adds the address once; a second time is a 409 the page shows as "already on the waitlist". */
  async joinWaitlist(email: string): Promise<void> {
    const inserted = await this.em
      .fork()
      .execute<unknown[]>('insert into waitlist (email) values (?) on conflict do nothing returning 1', [
        email,
      ]);
    if (inserted.length === 0) throw new ConflictException("You're already on our waitlist!");
  }

  async recordFeedback({ name, email, vision }: FeedbackDto): Promise<void> {
    await this.em
      .fork()
      .execute('insert into feedback (name, email, vision) values (?, ?, ?)', [name || null, email, vision]);
  }

  /** Waitlist addresses, newest first. */
  async waitlist(query: PrelaunchListQuery): Promise<WaitlistEntryDto[]> {
    const rows = await this.em
      .fork()
      .execute<{ email: string; created_at: Date }[]>(
        'select email, created_at from waitlist order by created_at desc, email limit ? offset ?',
        [query.limit ?? ADMIN_LIST_DEFAULT_LIMIT, query.offset ?? 0],
      );
    return rows.map((row) => ({ email: row.email, createdAt: new Date(row.created_at).toISOString() }));
  }

  /** "Help Shape" feedback, newest first. */
  async feedback(query: PrelaunchListQuery): Promise<FeedbackEntryDto[]> {
    const rows = await this.em
      .fork()
      .execute<{ id: string; name: string | null; email: string; vision: string; created_at: Date }[]>(
        'select id, name, email, vision, created_at from feedback order by created_at desc, id desc limit ? offset ?',
        [query.limit ?? ADMIN_LIST_DEFAULT_LIMIT, query.offset ?? 0],
      );
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      email: row.email,
      vision: row.vision,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }
}
