import { Injectable } from '@nestjs/common';
import type { EventContext, EventHandler } from '@kinora/common';
import { CreatorRegisteredSchema, type CreatorRegistered } from '@kinora/proto';
import { UsersService } from '../users/users.service';

/** Catalog registered a creator profile: the user now holds the creator role. */
@Injectable()
export class CreatorRegisteredHandler implements EventHandler<typeof CreatorRegisteredSchema> {
  readonly schema = CreatorRegisteredSchema;

  constructor(private readonly users: UsersService) {}

  handle(event: CreatorRegistered, context: EventContext): Promise<void> {
    return this.users.grantRole(context.em, event.userId, 'creator');
  }
}
