import { EntityManager } from '@mikro-orm/postgresql';
import {
  GoneException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { AuditTrail, MailerService, OutboxService } from '@kinora/common';
import { CRITIC_INVITATION_TTL_DAYS } from '@kinora/contracts';
import { CriticRegisteredSchema } from '@kinora/proto';
import { createHash, randomBytes } from 'node:crypto';
import { criticInvitationMail } from './critic-invitation.mail';
import { CriticsRepository } from './critics.repository';
import type {
  AcceptInvitationDto,
  InvitationAcceptedDto,
  InvitationDto,
  InvitationSentDto,
} from './dto/invitation.dto';
import { InvitationsRepository, type InvitationRecord } from './invitations.repository';

const INVALID = 'Invalid or expired invitation';

/** Only this digest of a token is stored: a leaked table gives no working link. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class InvitationsService {
  private readonly logger = new Logger(InvitationsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly audit: AuditTrail,
    private readonly mailer: MailerService,
    private readonly invitations: InvitationsRepository,
    private readonly critics: CriticsRepository,
  ) {}

  /**
   * An admin's invitation: issues a fresh single-use token for the address (any earlier unused one
   * stops working), logs it as critic.invited and mails the link. The mail goes out before the
   * transaction commits, so a relay that refuses it (503) leaves the earlier link working and
   * nothing logged. The token itself exists only in the mail.
   */
  async invite(email: string, invitedBy: string): Promise<InvitationSentDto> {
    const expiresAt = await this.em.fork().transactional(async (em) => {
      const { id, token, expiresAt } = await this.store(email, invitedBy);
      this.audit.record(em, {
        actorUserId: invitedBy,
        action: 'critic.invited',
        target: { type: 'invitation', id, label: email },
        details: { expiresAt: expiresAt.toISOString() },
      });
      const link = this.mailer.link(`/critic-signup?token=${encodeURIComponent(token)}`);
      try {
        await this.mailer.send(criticInvitationMail(email, link, CRITIC_INVITATION_TTL_DAYS));
      } catch (error) {
        this.logger.error({ err: error }, 'could not send a critic invitation');
        throw new ServiceUnavailableException('Could not send the invitation right now. Please try again.');
      }
      return expiresAt;
    });
    return { email, expiresAt: expiresAt.toISOString() };
  }

  /** A fresh token for the address, for the demo seed, which hands it straight to accept(). */
  issue(email: string, invitedBy: string): Promise<{ id: number; token: string; expiresAt: Date }> {
    return this.em.fork().transactional(() => this.store(email, invitedBy));
  }

  /** The invited address, while the token is unused and unexpired. */
  async find(token: string): Promise<InvitationDto> {
    const row = await this.invitations.find(digest(token));
    this.assertUsable(row);
    return { email: row.email, expiresAt: new Date(row.expires_at).toISOString() };
  }

  /**
   * Uses up the token and creates (or, for an address that is already a critic, updates) the
   * critic profile, recording social.critic-registered.v1 for auth in the same transaction. The
   * token is consumed by one conditional update, so of two concurrent accepts exactly one wins.
   */
  async accept(input: AcceptInvitationDto): Promise<InvitationAcceptedDto> {
    const hash = digest(input.token);
    const profile = input.userData;
    return this.em.fork().transactional(async (em) => {
      const email = await this.invitations.use(hash);
      if (email === undefined) {
        this.assertUsable(await this.invitations.find(hash));
        throw new GoneException(INVALID);
      }
      const links = profile.socialLinks ?? {};
      const criticId = await this.critics.upsertProfile({
        email,
        first_name: profile.firstName,
        last_name: profile.lastName,
        bio: profile.bio,
        website: profile.website ?? null,
        expertise: [...new Set(profile.expertise ?? [])],
        social_links: {
          twitter: links.twitter,
          instagram: links.instagram,
          linkedin: links.linkedin,
          website: links.website,
        },
      });
      this.outbox.add(
        em,
        CriticRegisteredSchema,
        {
          criticId: BigInt(criticId),
          email,
          firstName: profile.firstName,
          lastName: profile.lastName,
        },
        String(criticId),
      );
      return {
        message: 'Critic account created. Sign in with your email to continue.',
        criticId,
        email,
      };
    });
  }

  /**
   * A fresh token for the address, replacing any unused one, in the caller's transaction; only its
   * digest is stored.
   */
  private async store(email: string, invitedBy: string) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + CRITIC_INVITATION_TTL_DAYS * 24 * 3600_000);
    const id = await this.invitations.replace({ email, tokenHash: digest(token), invitedBy, expiresAt });
    return { id, token, expiresAt };
  }

  private assertUsable(row: InvitationRecord | undefined): asserts row is InvitationRecord {
    if (!row) throw new NotFoundException(INVALID);
    if (row.used_at) throw new GoneException('This invitation has already been used');
    if (new Date(row.expires_at).getTime() <= Date.now())
      throw new GoneException('This invitation has expired');
  }
}
