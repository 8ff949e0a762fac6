import { Injectable } from '@nestjs/common';
import { RedisService } from '@kinora/common';
import type Redis from 'ioredis';

/**
 * Delivery state every ads replica shares, in Redis (keys under REDIS_PREFIX, which ioredis adds to
 * every key, KEYS of the scripts included):
 *
 *   ads:campaign:{id}:spent            micro-dollars charged (string integer)
 *   ads:campaign:{id}:reserved         micro-dollars reserved by selections not yet started
 *   ads:campaign:{id}:reservations     sorted set: selection id → expiry (ms)
 *   ads:campaign:{id}:reservation-prices  hash: selection id → micro-dollars reserved
 *   ads:campaign:{id}:viewer:{viewer}:{yyyymmdd}  selections for a viewer that UTC day (expires in 2 days)
 *   ads:campaign:{id}:session:{sessionId}         selections in a film session (expires in 2 days)
 *   ads:charged:{selectionId}          what the impression charged (the charge's idempotency marker)
 *   ads:holdbacks                      hash: "{campaignId}:{paced|capped|budget}" → selections held back
 *   ads:rotation                       counter: campaigns with the same bid take turns by it
 *   ads:upkeep-lock                    one replica runs the upkeep at a time
 */
export const KEYS = {
  spent: (campaignId: string) => `ads:campaign:${campaignId}:spent`,
  reserved: (campaignId: string) => `ads:campaign:${campaignId}:reserved`,
  reservations: (campaignId: string) => `ads:campaign:${campaignId}:reservations`,
  reservationPrices: (campaignId: string) => `ads:campaign:${campaignId}:reservation-prices`,
  viewerDay: (campaignId: string, viewerKey: string, day: string) =>
    `ads:campaign:${campaignId}:viewer:${viewerKey}:${day}`,
  session: (campaignId: string, sessionId: string) => `ads:campaign:${campaignId}:session:${sessionId}`,
  charged: (selectionId: string) => `ads:charged:${selectionId}`,
  holdbacks: 'ads:holdbacks',
  rotation: 'ads:rotation',
  upkeepLock: 'ads:upkeep-lock',
};

/** Frequency-cap counters outlive the day and the session they count. */
const CAP_COUNTER_TTL_SECONDS = 2 * 86_400;
/** The charge marker outlives every token that could repeat the impression (AD_TOKEN_TTL_MS). */
export const CHARGE_MARKER_TTL_SECONDS = 2 * 86_400;

/**
 * Selection, atomically across replicas: walks the candidates (given in bid order, highest first)
 * with equal bids rotated by a counter, and reserves the first one that passes, counting its caps.
 * For each candidate it first releases its expired reservations, then checks, in order:
 * budget (spent + reserved + price <= budget), even pacing (spent + reserved + price <=
 * budget × elapsed / flight × 1.02 + price, by Redis's clock), the per-viewer-per-day cap and the
 * per-session cap. A candidate failing one is counted as held back, by reason.
 *
 * KEYS: holdbacks, rotation, then six per candidate: spent, reserved, reservations,
 *       reservation prices, viewer-day counter, session counter.
 * ARGV: selection id, reservation ms, cap counter ttl s, then eight per candidate: campaign id,
 *       budget, price, starts (ms), ends (ms), even (1|0), viewer-day cap, session cap.
 * Returns the 1-based index of the candidate reserved, or 0.
 */
const SELECT_SCRIPT = `
local n = (#KEYS - 2) / 6
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local turn = redis.call('INCR', KEYS[2])
local order = {}
local first = 1
while first <= n do
  local price = ARGV[3 + (first - 1) * 8 + 3]
  local last = first
  while last < n and ARGV[3 + last * 8 + 3] == price do last = last + 1 end
  local size = last - first + 1
  for step = 0, size - 1 do order[#order + 1] = first + (turn + step) % size end
  first = last + 1
end
for _, c in ipairs(order) do
  local k = 2 + (c - 1) * 6
  local a = 3 + (c - 1) * 8
  local budget = tonumber(ARGV[a + 2])
  local price = tonumber(ARGV[a + 3])
  local expired = redis.call('ZRANGEBYSCORE', KEYS[k + 3], '-inf', now, 'LIMIT', 0, 1000)
  local released = 0
  for _, selection in ipairs(expired) do
    local amount = redis.call('HGET', KEYS[k + 4], selection)
    if amount then
      released = released + tonumber(amount)
      redis.call('HDEL', KEYS[k + 4], selection)
    end
    redis.call('ZREM', KEYS[k + 3], selection)
  end
  if released > 0 then redis.call('DECRBY', KEYS[k + 2], string.format('%d', released)) end
  local committed = tonumber(redis.call('GET', KEYS[k + 1]) or '0') + tonumber(redis.call('GET', KEYS[k + 2]) or '0')
  local reason = nil
  if committed + price > budget then
    reason = 'budget'
  elseif ARGV[a + 6] == '1' then
    local starts = tonumber(ARGV[a + 4])
    local elapsed = math.max(0, math.min(1, (now - starts) / (tonumber(ARGV[a + 5]) - starts)))
    if committed + price > budget * elapsed * 1.02 + price then reason = 'paced' end
  end
  if not reason then
    if tonumber(redis.call('GET', KEYS[k + 5]) or '0') >= tonumber(ARGV[a + 7]) then
      reason = 'capped'
    elseif tonumber(redis.call('GET', KEYS[k + 6]) or '0') >= tonumber(ARGV[a + 8]) then
      reason = 'capped'
    end
  end
  if reason then
    redis.call('HINCRBY', KEYS[1], ARGV[a + 1] .. ':' .. reason, 1)
  else
    redis.call('INCRBY', KEYS[k + 2], ARGV[a + 3])
    redis.call('HSET', KEYS[k + 4], ARGV[1], ARGV[a + 3])
    redis.call('ZADD', KEYS[k + 3], now + tonumber(ARGV[2]), ARGV[1])
    redis.call('INCR', KEYS[k + 5])
    redis.call('EXPIRE', KEYS[k + 5], ARGV[3])
    redis.call('INCR', KEYS[k + 6])
    redis.call('EXPIRE', KEYS[k + 6], ARGV[3])
    return c
  end
end
return 0
`;

/**
 * The impression's charge, exactly once per selection: the reservation moves to spent; a
 * reservation already released is charged only while spent + reserved stays within the budget (so
 * spend never passes the budget by more than one impression). The charge is kept under the
 * selection's marker, and a repeat returns it without charging again.
 *
 * KEYS: charge marker, spent, reserved, reservations, reservation prices.
 * ARGV: selection id, price, budget, marker ttl s.
 * Returns {micro-dollars charged, 1 when charged now | 0 for a repeat}.
 */
const CHARGE_SCRIPT = `
local done = redis.call('GET', KEYS[1])
if done then return {done, 0} end
local charge = '0'
local amount = redis.call('HGET', KEYS[5], ARGV[1])
if amount then
  redis.call('HDEL', KEYS[5], ARGV[1])
  redis.call('ZREM', KEYS[4], ARGV[1])
  redis.call('DECRBY', KEYS[3], amount)
  redis.call('INCRBY', KEYS[2], amount)
  charge = amount
else
  local committed = tonumber(redis.call('GET', KEYS[2]) or '0') + tonumber(redis.call('GET', KEYS[3]) or '0')
  if committed + tonumber(ARGV[2]) <= tonumber(ARGV[3]) + tonumber(ARGV[2]) then
    redis.call('INCRBY', KEYS[2], ARGV[2])
    charge = ARGV[2]
  end
end
redis.call('SET', KEYS[1], charge, 'EX', ARGV[4])
return {charge, 1}
`;

/** Takes the holdback counters accumulated so far and starts them again from zero. */
const TAKE_HOLDBACKS_SCRIPT = `
local counts = redis.call('HGETALL', KEYS[1])
redis.call('DEL', KEYS[1])
return counts
`;

interface DeliveryCommands {
  adsSelect(...args: (string | number)[]): Promise<number>;
  adsCharge(...args: (string | number)[]): Promise<[string, number]>;
  adsTakeHoldbacks(key: string): Promise<string[]>;
}

/** A campaign the selection script may reserve. */
export interface SelectionCandidate {
  campaignId: string;
  budgetMicros: bigint;
  priceMicros: bigint;
  startsAt: Date;
  endsAt: Date;
  even: boolean;
  capPerViewerDay: number;
  capPerSession: number;
}

export type HoldbackReason = 'paced' | 'capped' | 'budget';

export interface Holdback {
  campaignId: string;
  reason: HoldbackReason;
  count: number;
}

/** The UTC day a viewer-day cap counts, yyyymmdd. */
export const capDay = (at: Date): string => at.toISOString().slice(0, 10).replace(/-/g, '');

@Injectable()
export class DeliveryStore {
  private readonly redis: Redis & DeliveryCommands;

  constructor(redis: RedisService) {
    const client = redis.client as Redis & Partial<DeliveryCommands>;
    // The client is the service's one connection; defining a command twice (a second module) is harmless.
    if (!client.adsSelect) {
      client.defineCommand('adsSelect', { lua: SELECT_SCRIPT });
      client.defineCommand('adsCharge', { lua: CHARGE_SCRIPT, numberOfKeys: 5 });
      client.defineCommand('adsTakeHoldbacks', { lua: TAKE_HOLDBACKS_SCRIPT, numberOfKeys: 1 });
    }
    this.redis = client as Redis & DeliveryCommands;
  }

  /**
   * Reserves one impression of the first candidate (in bid order) that passes budget, pacing and
   * both caps; returns its index in `candidates`, or -1.
   */
  async reserve(
    selectionId: string,
    candidates: SelectionCandidate[],
    viewer: { viewerKey: string; sessionId: string; day: string },
    reservationMs: number,
  ): Promise<number> {
    if (candidates.length === 0) return -1;
    const keys = [KEYS.holdbacks, KEYS.rotation];
    const args: (string | number)[] = [selectionId, reservationMs, CAP_COUNTER_TTL_SECONDS];
    for (const candidate of candidates) {
      const id = candidate.campaignId;
      keys.push(
        KEYS.spent(id),
        KEYS.reserved(id),
        KEYS.reservations(id),
        KEYS.reservationPrices(id),
        KEYS.viewerDay(id, viewer.viewerKey, viewer.day),
        KEYS.session(id, viewer.sessionId),
      );
      args.push(
        id,
        candidate.budgetMicros.toString(),
        candidate.priceMicros.toString(),
        candidate.startsAt.getTime(),
        candidate.endsAt.getTime(),
        candidate.even ? '1' : '0',
        candidate.capPerViewerDay,
        candidate.capPerSession,
      );
    }
    // The key count varies with the candidates: ioredis takes it as the first argument.
    const index = await this.redis.adsSelect(keys.length, ...keys, ...args);
    return Number(index) - 1;
  }

  /** Charges a selection's impression once; `fresh` is false for a repeat (the first charge is returned). */
  async charge(
    selectionId: string,
    campaign: { campaignId: string; priceMicros: bigint; budgetMicros: bigint },
  ): Promise<{ chargeMicros: bigint; fresh: boolean }> {
    const id = campaign.campaignId;
    const [charge, fresh] = await this.redis.adsCharge(
      KEYS.charged(selectionId),
      KEYS.spent(id),
      KEYS.reserved(id),
      KEYS.reservations(id),
      KEYS.reservationPrices(id),
      selectionId,
      campaign.priceMicros.toString(),
      campaign.budgetMicros.toString(),
      CHARGE_MARKER_TTL_SECONDS,
    );
    return { chargeMicros: BigInt(charge), fresh: Number(fresh) === 1 };
  }

  /** The holdbacks counted since the last call (reset to zero by it). */
  async takeHoldbacks(): Promise<Holdback[]> {
    const flat = await this.redis.adsTakeHoldbacks(KEYS.holdbacks);
    const holdbacks: Holdback[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const field = flat[i]!;
      const separator = field.lastIndexOf(':');
      holdbacks.push({
        campaignId: field.slice(0, separator),
        reason: field.slice(separator + 1) as HoldbackReason,
        count: Number(flat[i + 1]),
      });
    }
    return holdbacks;
  }

  /** Puts holdbacks back (their log line could not be written): the next upkeep writes them. */
  async restoreHoldbacks(holdbacks: Holdback[]): Promise<void> {
    if (holdbacks.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const { campaignId, reason, count } of holdbacks) {
      pipeline.hincrby(KEYS.holdbacks, `${campaignId}:${reason}`, count);
    }
    await pipeline.exec();
  }

  /** Micro-dollars charged per campaign, as delivery counts them. */
  async spent(campaignIds: string[]): Promise<Map<string, bigint>> {
    if (campaignIds.length === 0) return new Map();
    const values = await this.redis.mget(...campaignIds.map(KEYS.spent));
    return new Map(campaignIds.map((id, i) => [id, BigInt(values[i] ?? '0')]));
  }

  /**
   * Starts the spend counters that are missing (a new campaign, or a Redis that lost its data)
   * from the ledger's figures; counters that exist are left alone.
   */
  async seedSpent(spent: Map<string, bigint>): Promise<void> {
    if (spent.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [campaignId, micros] of spent) pipeline.set(KEYS.spent(campaignId), micros.toString(), 'NX');
    await pipeline.exec();
  }

  /** Whether this replica may run the upkeep now (no other did in the last `ms`). */
  async claimUpkeep(owner: string, ms: number): Promise<boolean> {
    return (await this.redis.set(KEYS.upkeepLock, owner, 'PX', ms, 'NX')) === 'OK';
  }
}
