// A film its creator deleted leaves the review queue for good: catalog.film-deleted.v1 leaves a
// tombstone that a late, older status event of the film cannot overwrite.
import {
  asAdmin,
  db,
  deliver,
  deliverDeleted,
  expectError,
  filmEvent,
  setUpAdminHarness,
} from './admin-harness';
import type { PendingFilmDto } from '../src/moderation/dto/pending-film.dto';

setUpAdminHarness('admin_film_deleted');

const pendingIds = async () =>
  ((await asAdmin('GET', '/api/admin/films/pending?limit=100')).json() as PendingFilmDto[]).map((f) => f.id);

test('a deleted pending film leaves the queue and the count; deciding on it is a 404; an older event does not bring it back', async () => {
  const now = Date.now();
  await deliver([{ event: filmEvent(301), occurredAt: new Date(now - 10_000) }]);
  await deliver([{ event: filmEvent(302), occurredAt: new Date(now - 10_000) }]);
  expect(await pendingIds()).toEqual(expect.arrayContaining([301, 302]));

  await deliverDeleted(301, new Date(now));
  expect(await pendingIds()).toStrictEqual([302]);
  expect(
    ((await asAdmin('GET', '/api/admin/stats')).json() as { pendingReviews: number }).pendingReviews,
  ).toBe(1);
  expectError(await asAdmin('PATCH', '/api/admin/films/301/status', { status: 'published' }), 404);

  // The status event written before the deletion arrives late (another topic): still deleted.
  await deliver([{ event: filmEvent(301, { title: 'Late' }), occurredAt: new Date(now - 5_000) }]);
  expect(await pendingIds()).toStrictEqual([302]);
  const { rows } = await db.query('select status from moderation_items where film_id = 301');
  expect(rows[0]).toStrictEqual({ status: 'deleted' });

  // A deletion that reaches admin before any status event of the film leaves a tombstone too.
  await deliverDeleted(303, new Date(now));
  await deliver([{ event: filmEvent(303), occurredAt: new Date(now - 5_000) }]);
  expect(await pendingIds()).toStrictEqual([302]);
});
