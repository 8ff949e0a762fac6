import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  ForbiddenException,
  Inject,
  Injectable,
  ServiceUnavailableException,
  BadRequestException,
} from '@nestjs/common';
import { CONFIG, type Identity } from '@kinora/common';
import { VIEWING_SESSION_MAX_AGE_DAYS } from '@kinora/contracts';
import { ViewingSessionUpdateKind } from '@kinora/proto';
import type { Config } from '../config';
import { ClientContext } from '@kinora/common';
import type {
  StartViewingSessionDto,
  UpdateViewingSessionDto,
  ViewingSessionAcceptedDto,
} from './dto/viewing-session.dto';
import { SessionPublisher } from './session-publisher';
import { WriteTokens } from './write-token';

/** How far ahead of the server's clock a client's times may be. */
const CLOCK_SKEW_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

/** Who sent a write, as the gateway and the connection tell it. */
export interface Caller {
  identity: Identity | null;
  ip: string;
  userAgent: string;
}

/**
 * Viewing-session ingestion: validates, binds the session to its writer, appends to Kafka and
 * answers. Nothing is stored or aggregated here (analytics-worker does that from the topic).
 */
@Injectable()
export class ViewingSessionsService {
  private readonly tokens: WriteTokens;

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly publisher: SessionPublisher,
    private readonly client: ClientContext,
  ) {
    this.tokens = new WriteTokens(config.VIEWING_SESSION_KEY);
  }

  async start(body: StartViewingSessionDto, caller: Caller): Promise<ViewingSessionAcceptedDto> {
    const startedAt = new Date(body.sessionStartTime);
    const now = Date.now();
    if (startedAt.getTime() > now + CLOCK_SKEW_MS) {
      throw new BadRequestException('sessionStartTime must not be in the future');
    }
    if (startedAt.getTime() < now - VIEWING_SESSION_MAX_AGE_DAYS * DAY_MS) {
      throw new BadRequestException(
        `sessionStartTime must be within the last ${VIEWING_SESSION_MAX_AGE_DAYS} days`,
      );
    }
    const userId = caller.identity?.userId ?? null;
    const sessionId = body.sessionId.toLowerCase();
    const facts = this.client.of(caller.ip, caller.userAgent, body.deviceType, userId);
    const { token, writer } = this.tokens.issue(
      { sessionId, filmId: body.filmId, startedAt, userId },
      facts.viewerKey,
    );
    await this.send({
      sessionId,
      kind: ViewingSessionUpdateKind.STARTED,
      filmId: BigInt(body.filmId),
      userId: userId ?? '',
      viewerKey: facts.viewerKey,
      writer,
      deviceType: facts.deviceType,
      agentDevice: facts.device,
      browser: facts.browser,
      os: facts.os,
      country: facts.country,
      referrer: body.referrer ?? '',
      sessionStartTime: timestampFromDate(startedAt),
      startPosition: body.startPosition,
      endPosition: body.startPosition,
      clientUpdatedAt: timestampFromDate(startedAt),
      receivedAt: timestampFromDate(new Date(now)),
    });
    return { sessionId, token };
  }

  async update(
    sessionId: string,
    token: string | undefined,
    body: UpdateViewingSessionDto,
    caller: Caller,
  ): Promise<void> {
    const grant = token ? this.tokens.verify(sessionId.toLowerCase(), token) : null;
    if (!grant) {
      throw new ForbiddenException('X-Viewing-Session-Token is missing or is not the token of this session');
    }
    if (grant.userId !== (caller.identity?.userId ?? null)) {
      throw new ForbiddenException('This viewing session belongs to someone else');
    }
    const endedAt = body.sessionEndTime ? new Date(body.sessionEndTime) : null;
    // The final update as the product's call table writes it has no updatedAt: its end is its clock.
    const updatedAt = body.updatedAt ? new Date(body.updatedAt) : endedAt!;
    const latest = Date.now() + CLOCK_SKEW_MS;
    if (updatedAt.getTime() > latest || (endedAt && endedAt.getTime() > latest)) {
      throw new BadRequestException('updatedAt and sessionEndTime must not be in the future');
    }
    for (const range of body.watchedRanges ?? []) {
      if (range.end < range.start)
        throw new BadRequestException('watchedRanges[].end must not be before its start');
    }
    await this.send({
      sessionId: grant.sessionId,
      kind: endedAt ? ViewingSessionUpdateKind.ENDED : ViewingSessionUpdateKind.PROGRESS,
      filmId: BigInt(grant.filmId),
      userId: grant.userId ?? '',
      writer: grant.writer,
      sessionStartTime: timestampFromDate(grant.startedAt),
      endPosition: body.endPosition,
      totalWatchTime: body.totalWatchTime,
      pauseCount: body.pauseCount,
      seekCount: body.seekCount,
      clientUpdatedAt: timestampFromDate(updatedAt),
      ...(endedAt ? { sessionEndTime: timestampFromDate(endedAt) } : {}),
      watchedRanges: (body.watchedRanges ?? []).map(({ start, end }) => ({ start, end })),
      bitrateKbps: body.bitrateKbps ?? 0,
      receivedAt: timestampFromDate(new Date()),
    });
  }

  private async send(update: Parameters<SessionPublisher['publish']>[0]): Promise<void> {
    try {
      await this.publisher.publish(update);
    } catch {
      throw new ServiceUnavailableException('Viewing analytics cannot take writes right now; try again');
    }
  }
}
