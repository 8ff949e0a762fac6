import { EntityManager } from '@mikro-orm/postgresql';
import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import { CONFIG, MailerService } from '@kinora/common';
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { SessionsService } from '../sessions/sessions.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { RateLimiter } from './rate-limiter';
import { SignInCodesRepository } from './sign-in-codes.repository';
import { signInCodeMail } from './sign-in-code.mail';

export class SignInException extends HttpException {
  constructor(status: HttpStatus, cause: string) {
    super({ statusCode: status, error: cause, message: cause }, status);
  }
}

/** What a suspended account is told when it signs in. */
export const suspendedMessage = (reason: string | null | undefined) =>
  `This account is suspended${reason ? `: ${reason}` : ''}. If you think this is a mistake, reply to the email that told you of it.`;

const minutes = (seconds: number) => {
  const count = Math.ceil(seconds / 60);
  return `${count} minute${count === 1 ? '' : 's'}`;
};

export interface SignedIn {
  user: User;
  /** The session cookie's value. */
  cookie: string;
  expiresAt: Date;
}

@Injectable()
export class SignInService {
  private readonly logger = new Logger(SignInService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(CONFIG) private readonly config: Config,
    private readonly mailer: MailerService,
    private readonly limiter: RateLimiter,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly codes: SignInCodesRepository,
  ) {}

  /** Counts one code request against `key`; over `limit` in the window, a 429 that says when to retry. */
  private async limitCodeRequests(
    key: string,
    limit: number,
    tooMany: (retry: string) => string,
  ): Promise<void> {
    const hit = await this.limiter.hit(key, limit, this.config.SEND_CODE_WINDOW_SECONDS);
    if (!hit.allowed) {
      throw new SignInException(HttpStatus.TOO_MANY_REQUESTS, tooMany(minutes(hit.retryAfterSeconds)));
    }
  }

  private hash(code: string): string {
    return createHmac('sha256', this.config.AUTH_SECRET).update(code).digest('hex');
  }

  /**
   * Issues a new code for the address (replacing any earlier one) and mails it. Whether the
   * address belongs to a user is never looked at, so the answer is the same for every address.
   */
  async sendCode(email: string, clientIp: string): Promise<void> {
    await this.limitCodeRequests(
      `send-code:ip:${clientIp}`,
      this.config.SEND_CODE_LIMIT_PER_IP,
      (retry) => `Too many sign-in codes requested from your network. Try again in ${retry}.`,
    );
    const addressKey = createHash('sha256').update(email).digest('hex');
    await this.limitCodeRequests(
      `send-code:email:${addressKey}`,
      this.config.SEND_CODE_LIMIT_PER_EMAIL,
      (retry) => `Too many codes requested for this address. Try again in ${retry}.`,
    );

    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const expiresAt = new Date(Date.now() + this.config.SIGN_IN_CODE_TTL_MINUTES * 60_000);
    await this.codes.replace(email, this.hash(code), expiresAt);
    try {
      await this.mailer.send(signInCodeMail(email, code, this.config.SIGN_IN_CODE_TTL_MINUTES));
    } catch (error) {
      this.logger.error({ err: error }, 'could not send a sign-in code');
      throw new ServiceUnavailableException({
        statusCode: 503,
        error: 'Could not send the code right now. Please try again.',
        message: 'Could not send the code right now. Please try again.',
      });
    }
  }

  /**
   * Checks the code; on success it is used up, the user is created on first sign-in and a
   * session opened, all in one transaction. A wrong guess is counted even though the call fails.
   */
  async verifyCode(email: string, code: string, userAgent: string | undefined): Promise<SignedIn> {
    const max = this.config.SIGN_IN_CODE_MAX_ATTEMPTS;
    const outcome = await this.em
      .fork()
      .transactional(async (em): Promise<SignedIn | { failure: string; status?: HttpStatus }> => {
        const row = await this.codes.lock(email);
        if (!row) return { failure: 'No code was requested for this address. Request a new code.' };
        if (row.attempts >= max) return { failure: 'Too many incorrect attempts. Request a new code.' };
        if (new Date(row.expires_at).getTime() <= Date.now()) {
          return { failure: 'This code has expired. Request a new code.' };
        }
        const expected = Buffer.from(row.code_hash, 'hex');
        const given = Buffer.from(this.hash(code), 'hex');
        if (!timingSafeEqual(expected, given)) {
          const attempts = row.attempts + 1;
          await this.codes.setAttempts(email, attempts);
          const left = max - attempts;
          return {
            failure:
              left > 0
                ? `Incorrect code. ${left} attempt${left === 1 ? '' : 's'} left.`
                : 'Too many incorrect attempts. Request a new code.',
          };
        }
        await this.codes.remove(email);
        const user = await this.users.signIn(em, email);
        // Said only to whoever holds the code: send-code answers the same for every address.
        if (user.suspendedAt)
          return { failure: suspendedMessage(user.suspensionReason), status: HttpStatus.FORBIDDEN };
        const { cookie, expiresAt } = await this.sessions.open(em, user.id, userAgent);
        return { user, cookie, expiresAt };
      });
    if ('failure' in outcome)
      throw new SignInException(outcome.status ?? HttpStatus.BAD_REQUEST, outcome.failure);
    return outcome;
  }
}
