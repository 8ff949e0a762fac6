/**
 * Add New Film: an admin makes a film for a chosen creator from the admin's own finished upload
 * (POST /api/studio/films with creatorId), against the real catalog app (test/studio-harness.ts).
 */
import { fromBinary } from '@bufbuild/protobuf';
import type { JobQueue } from '@kinora/common';
import { AdminActionTakenSchema } from '@kinora/proto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA, type MediaJobs } from '../src/media/media.queue';
import { transcodeJobId } from '../src/media/media.service';
import type { StudioFilmDto } from '../src/studio/dto/studio-film.dto';
import {
  ADA,
  ADMIN,
  app,
  as,
  BO,
  call,
  filmBody,
  filmCount,
  MEMBER,
  upload,
  useCatalogApp,
} from './studio-harness';

useCatalogApp('studio_for_creator');

const admin = as(ADMIN, 'admin');
const creatorId = async (userId: string) =>
  Number((await app.db.query('select id from creators where user_id = $1', [userId])).rows[0].id);
const auditEntries = async () =>
  (
    await app.db.query<{ key: string; payload: Buffer }>(
      `select key, payload from outbox where topic = 'admin.admin-action-taken.v1' order by position`,
    )
  ).rows.map((row) => ({ key: row.key, event: fromBinary(AdminActionTakenSchema, row.payload) }));
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;
const uploadExists = (uploadId: string) => existsSync(join(app.roots.uploads, uploadId));

describe('an admin adds a film for a creator', () => {
  test("the film is the creator's: pending, in their studio list, watermarked with their name, audited", async () => {
    const ada = await creatorId(ADA);
    const uploadId = await upload(ADMIN, app.clips.short, 'for-ada.mp4', 'admin');
    const response = await call(
      'POST',
      '/api/studio/films',
      admin,
      filmBody(uploadId, ' Salt Flats ', { creatorId: ada }),
    );
    expect(response.status).toBe(201);
    const film = (await response.json()) as StudioFilmDto;
    expect(film).toMatchObject({
      title: 'Salt Flats',
      status: 'pending',
      media: { status: 'queued' },
      creator: { id: ada, userId: ADA, user: { firstName: 'Ada', lastName: 'Vale' } },
    });
    expect(uploadExists(uploadId)).toBe(false);

    const own = (await (await call('GET', '/api/studio/films', as(ADA))).json()) as StudioFilmDto[];
    expect(own.map((f) => f.id)).toContain(film.id);
    const edited = await call('PATCH', `/api/studio/films/${film.id}`, as(ADA), { description: 'Mine now.' });
    expect(edited.status).toBe(200);
    // Nothing of it is the admin's: the admin has no creator profile, so no studio list of their own.
    const owner = await app.db.query('select creator_id from films where id = $1', [film.id]);
    expect(Number(owner.rows[0].creator_id)).toBe(ada);

    const job = await app.sut.get<JobQueue<MediaJobs>>(MEDIA).queue.getJob(transcodeJobId(film.id));
    expect((job!.data as { payload: MediaJobs['transcode'] }).payload.watermark).toBe('Ada Vale');

    const entries = (await auditEntries()).filter(({ event }) => event.action === 'film.added-for-creator');
    expect(entries).toHaveLength(1);
    expect(entries[0].key).toBe(`film:${film.id}`);
    expect(entries[0].event).toMatchObject({
      actorUserId: ADMIN,
      targetType: 'film',
      targetId: String(film.id),
      targetLabel: 'Salt Flats',
    });
    expect(JSON.parse(entries[0].event.detailsJson)).toStrictEqual({ creatorId: ada });
  });

  test('a creator making their own film writes no audit entry', async () => {
    const before = (await auditEntries()).length;
    const uploadId = await upload(BO, app.clips.short, 'own.mp4');
    const response = await call('POST', '/api/studio/films', as(BO), filmBody(uploadId, 'Gears'));
    expect(response.status).toBe(201);
    expect(await auditEntries()).toHaveLength(before);
  });

  test('creatorId is for admins: 401 for a visitor, 403 for members and creators, the upload kept', async () => {
    const ada = await creatorId(ADA);
    const uploadId = await upload(BO, app.clips.other, 'sneaky.mp4');
    const body = filmBody(uploadId, 'Not Yours', { creatorId: ada });
    expect((await call('POST', '/api/studio/films', {}, body)).status).toBe(401);
    const member = await call('POST', '/api/studio/films', as(MEMBER, 'member'), body);
    expect(member.status).toBe(403);
    const creator = await call('POST', '/api/studio/films', as(BO), body);
    expect(creator.status).toBe(403);
    expect(await creator.json()).toMatchObject({ statusCode: 403, message: 'creatorId is for admins' });
    expect(await filmCount('Not Yours')).toBe(0);
    expect(uploadExists(uploadId)).toBe(true);
  });

  test('an unknown, suspended or malformed creator is refused and the upload stays', async () => {
    const bo = await creatorId(BO);
    const uploadId = await upload(ADMIN, app.clips.other, 'refused.mp4', 'admin');
    const post = (creator: unknown) =>
      call('POST', '/api/studio/films', admin, filmBody(uploadId, 'Orphan', { creatorId: creator }));

    const unknown = await post(999_999);
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('Creator 999999 not found');
    for (const bad of ['x', 0, 1.5]) {
      const response = await post(bad);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toMatch(/creatorId/);
    }
    await app.db.query(`update creators set suspended_at = now(), suspension_reason = 'x' where id = $1`, [
      bo,
    ]);
    try {
      const suspended = await post(bo);
      expect(suspended.status).toBe(409);
      expect(await messageOf(suspended)).toMatch(/is suspended/);
    } finally {
      await app.db.query('update creators set suspended_at = null, suspension_reason = null where id = $1', [
        bo,
      ]);
    }
    // Without a creatorId the admin has no creator profile of their own.
    const none = await call('POST', '/api/studio/films', admin, filmBody(uploadId, 'Orphan'));
    expect(none.status).toBe(403);
    expect(await filmCount('Orphan')).toBe(0);
    expect(uploadExists(uploadId)).toBe(true);

    // The creator's titles are theirs: one already taken is a 409 naming the creator.
    const taken = await call(
      'POST',
      '/api/studio/films',
      admin,
      filmBody(uploadId, 'gears', { creatorId: bo }),
    );
    expect(taken.status).toBe(409);
    expect(await messageOf(taken)).toBe('This creator already has a film titled "gears"');
    expect(uploadExists(uploadId)).toBe(true);
  });
});
