import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { MailerService } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';
import { filmApprovedMail, filmRejectedMail } from './film-decision.mail';
import { ModerationRepository } from './moderation.repository';

/**
 * Mails the creator the outcome of a review: a film a moderator decided on here leaving pending for
 * published (approved) or archived (rejected, with the reason). decision_mails holds one row per film and outcome, written
 * in the event's transaction before sending: a redelivered or repeated event mails nobody twice,
 * and a failed send rolls the row back so the consumer's retry sends it.
 */
@Controller()
export class FilmDecisionMailHandler {
  private readonly logger = new Logger(FilmDecisionMailHandler.name);

  constructor(
    private readonly mailer: MailerService,
    private readonly moderation: ModerationRepository,
  ) {}

  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmDecisionMailHandler' })
  async handle(@Payload() event: FilmStatusChanged): Promise<void> {
    if (event.previousStatus !== FilmStatus.PENDING) return;
    if (event.status !== FilmStatus.PUBLISHED && event.status !== FilmStatus.ARCHIVED) return;
    const status = FilmStatus[event.status].toLowerCase();
    // Only the outcome of a review here: a film published without one (the demo seed) mails nobody.
    if (!(await this.moderation.wasDecided(event.filmId, status))) return;
    const email = await this.moderation.email(event.creatorUserId);
    if (email === undefined) {
      this.logger.warn(
        { filmId: String(event.filmId) },
        'no address known for the creator: decision not mailed',
      );
      return;
    }
    if (!(await this.moderation.claimDecisionMail(event.filmId, status))) return;
    await this.mailer.send(
      event.status === FilmStatus.PUBLISHED
        ? filmApprovedMail(email, event.title, this.mailer.link(`/film/${event.filmId}`))
        : filmRejectedMail(
            email,
            event.title,
            event.reason,
            this.mailer.link('/creator-dashboard'),
            this.mailer.link('/creator-guidelines'),
          ),
    );
  }
}
