import { eventually, startTestService, type TestService } from '@kinora/common/testing';
import { CreatorRegisteredSchema, CreatorStandingChangedSchema } from '@kinora/proto';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

let analytics: TestService<Config>;
const CREATOR = 41;
const USER = '41414141-4141-4141-8141-414141414141';

beforeAll(async () => {
  analytics = await startTestService({
    name: 'analytics_standing',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
  });
});

afterAll(async () => {
  await analytics?.close();
});

const verified = async () =>
  (
    await analytics.db.query<{ is_verified: boolean }>('select is_verified from creators where id = $1', [
      CREATOR,
    ])
  ).rows[0]?.is_verified;
const handled = async (handler: string) =>
  Number(
    (await analytics.db.query('select count(*) from processed_events where handler = $1', [handler])).rows[0]
      .count,
  );
const standing = (isVerified: boolean, version: bigint) =>
  analytics.publish(CreatorStandingChangedSchema, String(CREATOR), {
    creatorId: BigInt(CREATOR),
    userId: USER,
    isVerified,
    isSuspended: false,
    version,
  });

test("the verified tick follows catalog's standing events, the newest version winning", async () => {
  // Verified before analytics heard of the registration (another topic: no order between them).
  await standing(true, 2n);
  await eventually(async () => (await verified()) === true, 20_000, 'the tick from the standing event');

  // The registration arriving late (not verified) does not take the tick away.
  await analytics.publish(CreatorRegisteredSchema, USER, {
    creatorId: BigInt(CREATOR),
    userId: USER,
    isVerified: false,
  });
  await eventually(async () => (await handled('CreatorRegisteredHandler')) === 1, 20_000, 'the registration');
  expect(await verified()).toBe(true);

  // An older standing changes nothing; a newer one does.
  await standing(false, 1n);
  await eventually(
    async () => (await handled('CreatorStandingChangedHandler')) === 2,
    20_000,
    'the stale event',
  );
  expect(await verified()).toBe(true);
  await standing(false, 3n);
  await eventually(async () => (await verified()) === false, 20_000, 'the tick taken away');
});
