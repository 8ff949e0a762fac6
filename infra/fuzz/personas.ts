/**
 * The fuzz e2e test's world: the personas signed in (a member, a creator, the suite's admin), the
 * victim with their data, the fuzzer's own things, whom each persona aims at, and the roles auth
 * gives each persona.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ADMIN, adminSession } from '../e2e/support';
import { account, becomeCreator, call, must, type Account } from './platform';
import type { Persona, Role } from './policy';
import type { Aim, FuzzContext } from './targets';
import { furnishVictim, type Victim } from './victim';

const unique = (name: string) => `fuzz-${name}-${randomBytes(4).toString('hex')}@e2e.kinora.test`;

export interface World {
  personas: Record<Exclude<Persona, 'visitor'>, Account>;
  victim: Victim;
  context: FuzzContext;
}

/**
 * The personas, the victim with something of every kind to damage, the fuzzer's own things, and
 * whom each persona aims at.
 */
export async function setUp(): Promise<World> {
  const member = await account(unique('member'));
  const creator = await account(unique('creator'));
  const victimAccount = await account(unique('victim'));
  // The suite's shared admin session: an address may ask for 5 codes an hour.
  const shared = await adminSession();
  const admin: Account = { email: ADMIN, cookie: shared.cookie, id: shared.user.id };
  const creatorProfileId = await becomeCreator(creator, 'A creator the fuzzer calls as.');
  const victimCreatorId = await becomeCreator(victimAccount, 'The victim: nobody else may change this.');

  // Published films and creators to aim at (the demo's; "Rule 110" is left to the seed test, which
  // checks its rating against its reviews).
  const films = (await must<{ id: number; title: string }[]>(undefined, 'GET', '/api/films?limit=100'))
    .filter((film) => film.title !== 'Rule 110')
    .map((film) => film.id);
  assert.ok(films.length >= 3, `published films to aim at: ${films.length}`);
  const creators = (await must<{ id: number }[]>(undefined, 'GET', '/api/creators?limit=20'))
    .map((each) => each.id)
    .filter((id) => id !== victimCreatorId && id !== creatorProfileId);
  assert.ok(creators.length > 0, 'a creator for the victim to follow');
  const critics = await must<{ id: number }[]>(undefined, 'GET', '/api/critics?limit=5');

  const { victim, reviewId, viewingSessionId } = await furnishVictim(victimAccount, victimCreatorId, {
    films,
    creators,
    critics,
  });

  // The fuzzer's own things: the only ones the admin's changing calls aim at.
  const memberReview = await must<{ id: number }>(member, 'POST', `/api/films/${films[2]}/reviews`, {
    rating: 3,
    review: 'The fuzz member’s review.',
  });
  const report = await must<{ id: number }>(member, 'POST', '/api/reports', {
    subjectType: 'review',
    subjectId: memberReview.id,
    reason: 'spam',
  });
  const advertiser = await must<{ id: number }>(admin, 'POST', '/api/ads/advertisers', {
    name: `fuzz ${randomBytes(4).toString('hex')}`,
  });
  const campaign = await must<{ id: number }>(admin, 'POST', '/api/ads/campaigns', {
    advertiserId: advertiser.id,
    name: 'fuzz campaign (a draft: never served)',
    budget: 10,
    cpm: 1,
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    delivery: 'even',
    status: 'draft',
  });

  // Visitors, members and creators aim at everyone, the victim first: that is the point. An admin
  // may legitimately delete anyone's review, end anyone's sessions, decide any film, verify or
  // suspend any creator (which hides their films): its changing calls aim only at the fuzzer's own
  // things (its creator persona's profile) and at ids that exist nowhere, so an admin call that
  // reaches the victim (or the demo the later tests read) anyway is a bug the snapshot shows.
  const anyone: Aim = {
    pools: {
      film: films.slice(0, 12).map(String),
      creator: [...creators.slice(0, 6), victimCreatorId, creatorProfileId].map(String),
      critic: critics.map((each) => String(each.id)),
      review: [reviewId, memberReview.id].map(String),
      user: [victim.id, member.id, creator.id, admin.id],
      session: [viewingSessionId],
      report: [String(report.id)],
      advertiser: [String(advertiser.id)],
      campaign: [String(campaign.id)],
    },
    plausible: [1, 200],
  };
  const admins: Aim = {
    pools: {
      creator: [String(creatorProfileId)],
      review: [String(memberReview.id)],
      user: [member.id, creator.id],
      report: [String(report.id)],
      advertiser: [String(advertiser.id)],
      campaign: [String(campaign.id)],
    },
    plausible: [1_000_000, 2_147_483_647],
  };
  return {
    personas: { member, creator, admin },
    victim,
    context: {
      targets: {
        visitor: { read: anyone, write: anyone },
        member: { read: anyone, write: anyone },
        creator: { read: anyone, write: anyone },
        admin: { read: anyone, write: admins },
      },
      forgedUserIds: [victim.id, admin.id],
    },
  };
}

/** Each persona's roles as auth has them (the judge's role checks go by these). */
export async function rolesOf(personas: World['personas']): Promise<Record<Persona, readonly Role[]>> {
  const roles = async (who: Account) => {
    const me = (await call(who, 'GET', '/api/auth/user')).json as { roles?: Role[]; isAdmin?: boolean };
    return [...new Set([...(me.roles ?? []), ...(me.isAdmin ? (['admin'] as const) : [])])];
  };
  return {
    visitor: [],
    member: await roles(personas.member),
    creator: await roles(personas.creator),
    admin: await roles(personas.admin),
  };
}
