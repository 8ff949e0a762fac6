import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable } from '@nestjs/common';
import type { FeedbackDto } from './dto/prelaunch.dto';

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
}
