// A creator's follower count in the catalog is exact after many follows and unfollows even though
// the events carrying it are delivered twice and partly out of order (see catalog-projection.ts).
import { CreatorFollowerCountChangedSchema } from '@kinora/proto';
import {
  applyThroughCatalog,
  disorderedDeliveries,
  member,
  outboxEvents,
  random,
  setUpProjection,
} from './catalog-projection';

const MEMBERS = 60;
const CALLS = 300;

const projection = setUpProjection('social_followers');

test('the follower count is exact with every event applied twice, some out of order', async () => {
  const { sut, query, catalogDb, social } = projection;
  const [creator] = await query<{ id: number }>(
    catalogDb.url,
    `insert into creators (user_id, bio) values ('creator-user', 'Films.') returning id`,
  );
  const creatorId = creator!.id;
  await query(
    social.database.url,
    `insert into creators (id, user_id, registered_at) values ($1, 'creator-user', now())`,
    [creatorId],
  );

  // Members follow and unfollow at random through both paths; repeats change nothing.
  const next = random(7);
  const following = new Set<string>();
  let changes = 0;
  for (let n = 0; n < CALLS; n++) {
    const userId = member(Math.floor(next() * MEMBERS));
    const follow = next() < 0.6;
    const url =
      next() < 0.5
        ? `/api/follow/${creatorId}`
        : `/api/creators/${creatorId}/${follow ? 'follow' : 'unfollow'}`;
    const method = url.startsWith('/api/follow/') && !follow ? 'DELETE' : 'POST';
    const response = await sut.inject({ method, url, headers: { 'x-user-id': userId } });
    expect(response.statusCode).toBe(200);
    if (follow !== following.has(userId)) changes++;
    if (follow) following.add(userId);
    else following.delete(userId);
    expect(response.json()).toMatchObject({ isFollowing: follow, followerCount: following.size });
  }

  const events = await outboxEvents(projection, CreatorFollowerCountChangedSchema, String(creatorId));
  expect(events).toHaveLength(changes);
  expect(events.at(-1)).toMatchObject({ followerCount: following.size, version: BigInt(changes) });
  const stale = events[changes - 10]!;
  expect(stale.followerCount).not.toBe(following.size);

  await applyThroughCatalog(
    projection,
    ['creators', 'creator-follower-count-changed.handler'],
    'CreatorFollowerCountChangedHandler',
    CreatorFollowerCountChangedSchema,
    disorderedDeliveries(events, next, stale),
  );

  const [row] = await query<{ follower_count: number; follower_version: string }>(
    catalogDb.url,
    'select follower_count, follower_version from creators where id = $1',
    [creatorId],
  );
  expect(row).toStrictEqual({ follower_count: following.size, follower_version: String(changes) });
});
