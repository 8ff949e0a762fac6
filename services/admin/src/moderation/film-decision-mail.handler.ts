import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { MailerService, type EventContext } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';
import { filmApprovedMail, filmRejectedMail } from './film-decision.mail';

/**
 * Mails the creator the outcome of a review: a film leaving pending for published (approved) or
 * archived (rejected, with the reason). decision_mails holds one row per film and outcome, written
 * in the event's transaction before sending: a redelivered or repeated event mails nobody twice,
 * and a failed send rolls the row back so the consumer's retry sends it.
 */
@Controller()
export class FilmDecisionMailHandler {
  private readonly logger = new Logger(FilmDecisionMailHandler.name);

  constructor(private readonly mailer: MailerService) {}

  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmDecisionMailHandler' })
  async handle(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    if (event.previousStatus !== FilmStatus.PENDING) return;
    if (event.status !== FilmStatus.PUBLISHED && event.status !== FilmStatus.ARCHIVED) return;
    const status = FilmStatus[event.status].toLowerCase();
    const [user] = await context.em.execute<{ email: string }[]>(
      'select email from known_users where id = ?',
      [event.creatorUserId],
    );
    if (!user) {
      this.logger.warn(
        { filmId: String(event.filmId) },
        'no address known for the creator: decision not mailed',
      );
      return;
    }
    const first = await context.em.execute<unknown[]>(
      'insert into decision_mails (film_id, status) values (?, ?) on conflict do nothing returning 1',
      [event.filmId.toString(), status],
    );
    if (first.length === 0) return;
    await this.mailer.send(
      event.status === FilmStatus.PUBLISHED
        ? filmApprovedMail(user.email, event.title, this.mailer.link(`/film/${event.filmId}`))
        : filmRejectedMail(
            user.email,
            event.title,
            event.reason || 'No reason was given.',
            this.mailer.link('/creator-dashboard'),
          ),
    );
  }
}
