import { ConflictException, Injectable } from '@nestjs/common';
import { ADMIN_LIST_DEFAULT_LIMIT } from '@kinora/contracts';
import type {
  FeedbackDto,
  FeedbackEntryDto,
  PrelaunchListQuery,
  WaitlistEntryDto,
} from './dto/prelaunch.dto';
import { PrelaunchRepository } from './prelaunch.repository';

@Injectable()
export class PrelaunchService {
  constructor(private readonly prelaunch: PrelaunchRepository) {}

  /** Adds the address once; a second time is a 409 the page shows as "already on the waitlist". */
  async joinWaitlist(email: string): Promise<void> {
    if (!(await this.prelaunch.joinWaitlist(email))) {
      throw new ConflictException("You're already on our waitlist!");
    }
  }

  async recordFeedback({ name, email, vision }: FeedbackDto): Promise<void> {
    await this.prelaunch.addFeedback({ name: name || null, email, vision });
  }

  /** Waitlist addresses, newest first. */
  async waitlist(query: PrelaunchListQuery): Promise<WaitlistEntryDto[]> {
    const rows = await this.prelaunch.waitlist(query.limit ?? ADMIN_LIST_DEFAULT_LIMIT, query.offset ?? 0);
    return rows.map((row) => ({ email: row.email, createdAt: new Date(row.created_at).toISOString() }));
  }

  /** "Help Shape" feedback, newest first. */
  async feedback(query: PrelaunchListQuery): Promise<FeedbackEntryDto[]> {
    const rows = await this.prelaunch.feedback(query.limit ?? ADMIN_LIST_DEFAULT_LIMIT, query.offset ?? 0);
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      email: row.email,
      vision: row.vision,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }
}
