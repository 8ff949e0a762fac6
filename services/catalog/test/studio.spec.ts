/**
 * The creator studio over HTTP against the real catalog app (test/studio-harness.ts): films from
 * finished uploads (probe, captions, AI disclosure, nothing half-written), who sees what, edits,
 * captions and deletion.
 */
import { fromBinary } from '@bufbuild/protobuf';
import type { JobQueue } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema } from '@kinora/proto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FilmDto } from '../src/films/film.mapper';
import { MEDIA, type MediaJobs } from '../src/media/media.queue';
import { MediaService, transcodeJobId } from '../src/media/media.service';
import type { StudioFilmDto } from '../src/studio/dto/studio-film.dto';
import {
  ADA,
  ADMIN,
  app,
  as,
  BO,
  call,
  DISCLOSURE,
  filmBody,
  filmCount,
  filmDirs,
  MEMBER,
  startUpload,
  upload,
  useCatalogApp,
  VTT_EN,
} from './studio-harness';

useCatalogApp('studio');

const outboxKeys = async (topic: string) =>
  (await app.db.query<{ key: string }>('select key from outbox where topic = $1', [topic])).rows.map(
    (row) => row.key,
  );

describe('the studio', () => {
  let film: StudioFilmDto;

  test('a finished upload becomes a pending film, its source and captions in place, its transcode queued', async () => {
    const uploadId = await upload(ADA, app.clips.short, 'My Film.MP4');
    // Two tracks of ~900 KB: the body is well over the 1 MB every other call is held to.
    const vttFr = `WEBVTT\n\n00:00.000 --> 00:01.000\n${'Bonjour. '.repeat(100_000)}\n`;
    const vttPt = `WEBVTT\n\n00:00.000 --> 00:01.000\n${'Olá, tudo. '.repeat(80_000)}\n`;
    const response = await call(
      'POST',
      '/api/studio/films',
      as(ADA),
      filmBody(uploadId, '  Dune Sea ', {
        captions: [
          { language: 'en', label: 'English', vtt: VTT_EN },
          { language: 'fr', label: 'Français', vtt: vttFr },
          { language: 'pt-BR', label: 'Português (Brasil)', vtt: vttPt },
        ],
      }),
    );
    expect(response.status).toBe(201);
    film = (await response.json()) as StudioFilmDto;
    expect(film).toMatchObject({
      title: 'Dune Sea',
      status: 'pending',
      genre: 'Sci-Fi',
      language: 'English',
      releaseYear: 2026,
      duration: 1,
      videoUrl: null,
      media: { status: 'queued', progress: 0, failureReason: null },
      moderationReason: null,
      aiDisclosure: DISCLOSURE,
      captions: [
        { language: 'en', label: 'English' },
        { language: 'fr', label: 'Français' },
        { language: 'pt-BR', label: 'Português (Brasil)' },
      ],
      creator: { userId: ADA, user: { firstName: 'Ada', lastName: 'Vale' } },
    });

    const dir = join(app.roots.sources, 'films', String(film.id));
    expect(readFileSync(join(dir, 'source.mp4')).equals(app.clips.short)).toBe(true);
    expect(readFileSync(join(dir, 'captions', 'en.vtt'), 'utf8')).toBe(VTT_EN);
    expect(readFileSync(join(dir, 'captions', 'pt-BR.vtt'), 'utf8')).toBe(vttPt);
    expect(existsSync(join(app.roots.uploads, uploadId))).toBe(false);
    expect(existsSync(join(app.roots.uploads, `${uploadId}.json`))).toBe(false);

    const queue = app.sut.get<JobQueue<MediaJobs>>(MEDIA);
    const job = await queue.queue.getJob(transcodeJobId(film.id));
    expect(job).toBeTruthy();
    const { payload } = job!.data as { payload: MediaJobs['transcode'] };
    expect(payload).toEqual({
      filmId: film.id,
      sourcePath: join(dir, 'source.mp4'),
      watermark: 'Ada Vale',
      captions: [
        { language: 'en', label: 'English', path: join(dir, 'captions', 'en.vtt') },
        { language: 'fr', label: 'Français', path: join(dir, 'captions', 'fr.vtt') },
        { language: 'pt-BR', label: 'Português (Brasil)', path: join(dir, 'captions', 'pt-BR.vtt') },
      ],
    });
    const media = await app.db.query('select status, source_path from film_media where film_id = $1', [
      film.id,
    ]);
    expect(media.rows[0]).toEqual({ status: 'queued', source_path: join(dir, 'source.mp4') });
    // The upload is gone: it cannot be made into a second film.
    const again = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Dune Sea II'));
    expect(again.status).toBe(404);
  });

  test('a failure after the film was written (queueing its transcode) undoes everything', async () => {
    const before = filmDirs();
    const uploadId = await upload(ADA, app.clips.other, 'retry.mp4');
    const media = app.sut.get(MediaService);
    const enqueue = jest.spyOn(media, 'enqueue').mockRejectedValueOnce(new Error('queue unavailable'));
    try {
      const response = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Second Try'));
      expect(response.status).toBe(500);
    } finally {
      enqueue.mockRestore();
    }
    expect(await filmCount('Second Try')).toBe(0);
    expect(filmDirs()).toEqual(before);
    expect(readFileSync(join(app.roots.uploads, uploadId)).equals(app.clips.other)).toBe(true);
    // The upload is intact: the creator can try again.
    const again = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Second Try'));
    expect(again.status).toBe(201);
    expect(existsSync(join(app.roots.uploads, uploadId))).toBe(false);
  });

  test('a text file renamed .mp4 is refused with a reason, leaving no film and no files', async () => {
    const before = filmDirs();
    const uploadId = await upload(ADA, app.clips.text, 'notes.mp4');
    const response = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Not A Film'));
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(
      /^This file cannot be used: (not a video file we can read|the file has no video picture)/,
    );
    expect(body.message).not.toContain(app.roots.uploads);
    expect(await filmCount('Not A Film')).toBe(0);
    expect(filmDirs()).toEqual(before);
    // The upload itself is left for the creator to delete (or for expiry).
    expect(existsSync(join(app.roots.uploads, uploadId))).toBe(true);
  });

  test('a video longer than UPLOAD_MAX_DURATION_SECONDS is refused as too long', async () => {
    const before = filmDirs();
    const uploadId = await upload(ADA, app.clips.long);
    const response = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Too Long'));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toBe(
      'This video is too long: 6 s (the limit is 4 s)',
    );
    expect(await filmCount('Too Long')).toBe(0);
    expect(filmDirs()).toEqual(before);
  });

  test('the same title twice by one creator is a 409 (any case); another creator may use it', async () => {
    const before = filmDirs();
    const uploadId = await upload(ADA, app.clips.other);
    const response = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'dune SEA'));
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(
      'You already have a film titled "dune SEA"',
    );
    expect(await filmCount('Dune Sea')).toBe(1);
    expect(filmDirs()).toEqual(before);
    expect(existsSync(join(app.roots.uploads, uploadId))).toBe(true);

    const bos = await upload(BO, app.clips.other);
    const other = await call('POST', '/api/studio/films', as(BO), filmBody(bos, 'Dune Sea'));
    expect(other.status).toBe(201);
  });

  test('bad details are 400s naming the field; unknown or unfinished uploads are 404 and 409', async () => {
    const uploadId = await upload(ADA, app.clips.other);
    const cases: [object, RegExp][] = [
      [{ title: '   ' }, /title/],
      [{ genre: 'Western' }, /genre/],
      [{ releaseYear: 1700 }, /releaseYear/],
      [{ releaseYear: new Date().getUTCFullYear() + 2 }, /releaseYear must not be after/],
      [{ aiDisclosure: { ...DISCLOSURE, realLikeness: true, likenessConsent: false } }, /likenessConsent/],
      [{ aiDisclosure: { ...DISCLOSURE, parts: ['visuals', 'visuals'] } }, /parts/],
      [{ aiDisclosure: { ...DISCLOSURE, parts: ['smell'] } }, /parts/],
      [{ captions: [{ language: 'en', label: 'English', vtt: 'hello' }] }, /vtt/],
      [
        {
          captions: [
            { language: 'en', label: 'A', vtt: VTT_EN },
            { language: 'EN', label: 'B', vtt: VTT_EN },
          ],
        },
        /one track per language/,
      ],
      [{ captions: [{ language: 'english!', label: 'English', vtt: VTT_EN }] }, /language/],
    ];
    for (const [extra, message] of cases) {
      const response = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Valid', extra));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const unknown = await call('POST', '/api/studio/films', as(ADA), filmBody('nope', 'Valid'));
    expect(unknown.status).toBe(404);
    const foreign = await call('POST', '/api/studio/films', as(BO), filmBody(uploadId, 'Valid'));
    expect(foreign.status).toBe(404);
    const partial = (await startUpload(ADA, 5000)).split('/').pop()!;
    const unfinished = await call('POST', '/api/studio/films', as(ADA), filmBody(partial, 'Valid'));
    expect(unfinished.status).toBe(409);
    expect(((await unfinished.json()) as { message: string }).message).toMatch(/not finished/);
    expect(await filmCount('Valid')).toBe(0);
  });

  test('non-creators get 403 (visitors 401) on every studio call', async () => {
    const uploadId = await upload(ADA, app.clips.other);
    expect((await call('POST', '/api/studio/films', as(MEMBER, ''), filmBody(uploadId, 'X'))).status).toBe(
      403,
    );
    expect((await call('POST', '/api/studio/films', {}, filmBody(uploadId, 'X'))).status).toBe(401);
    expect((await call('GET', '/api/studio/films', as(MEMBER, 'critic'))).status).toBe(403);
    expect((await call('GET', `/api/studio/films/${film.id}`, as(MEMBER, ''))).status).toBe(403);
  });

  test("another creator cannot see or change a creator's film (404); admins may read it", async () => {
    for (const [method, path, body] of [
      ['GET', `/api/studio/films/${film.id}`, undefined],
      ['PATCH', `/api/studio/films/${film.id}`, { description: 'mine now' }],
      ['PUT', `/api/studio/films/${film.id}/captions`, { captions: [] }],
      ['DELETE', `/api/studio/films/${film.id}`, undefined],
    ] as const) {
      const response = await call(method, path, as(BO), body);
      expect(response.status).toBe(404);
    }
    const mine = (await (await call('GET', '/api/studio/films', as(BO))).json()) as StudioFilmDto[];
    expect(mine.map((f) => f.creator.userId)).toEqual([BO]);
    const admin = await call('GET', `/api/studio/films/${film.id}`, as(ADMIN, 'admin'));
    expect(admin.status).toBe(200);
    expect((await call('GET', '/api/studio/films', as(ADMIN, 'admin'))).status).toBe(403);
    expect(existsSync(join(app.roots.sources, 'films', String(film.id), 'captions', 'en.vtt'))).toBe(true);
  });

  test('pending and archived films stay out of public lists and details; the studio lists them all', async () => {
    const anonymous = (await (await call('GET', '/api/films?limit=100', {})).json()) as FilmDto[];
    expect(anonymous.map((f) => f.id)).not.toContain(film.id);
    expect((await call('GET', `/api/films/${film.id}`, {})).status).toBe(404);
    expect((await call('GET', `/api/films/${film.id}`, as(BO))).status).toBe(404);

    await app.db.query(
      `update films set status = 'archived', moderation_reason = 'Undisclosed AI voice' where id = $1`,
      [film.id],
    );
    expect((await call('GET', `/api/films/${film.id}`, {})).status).toBe(404);
    const mine = (await (await call('GET', '/api/studio/films', as(ADA))).json()) as StudioFilmDto[];
    const archived = mine.find((f) => f.id === film.id)!;
    expect(archived).toMatchObject({ status: 'archived', moderationReason: 'Undisclosed AI voice' });
    expect(mine.map((f) => f.createdAt)).toEqual([...mine.map((f) => f.createdAt)].sort().reverse());

    await app.db.query(`update films set status = 'published', published_at = now() where id = $1`, [
      film.id,
    ]);
    const published = (await (await call('GET', `/api/films/${film.id}`, {})).json()) as FilmDto;
    expect(published.aiDisclosure).toEqual(DISCLOSURE);
    expect(published.captions).toEqual([
      { language: 'en', label: 'English' },
      { language: 'fr', label: 'Français' },
      { language: 'pt-BR', label: 'Português (Brasil)' },
    ]);
    expect(published).not.toHaveProperty('moderationReason');
  });

  test('a published film cannot be deleted; its details can be edited, titles kept unique', async () => {
    expect((await call('DELETE', `/api/studio/films/${film.id}`, as(ADA))).status).toBe(409);
    const uploadId = await upload(ADA, app.clips.other);
    const second = (await (
      await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Tide Pools'))
    ).json()) as StudioFilmDto;
    const clash = await call('PATCH', `/api/studio/films/${second.id}`, as(ADA), { title: 'DUNE sea' });
    expect(clash.status).toBe(409);
    const edited = await call('PATCH', `/api/studio/films/${second.id}`, as(ADA), {
      title: 'Tide Pools (Director’s Cut)',
      genre: 'Documentary',
      aiDisclosure: { tools: [], parts: [], realLikeness: true, likenessConsent: true },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      title: 'Tide Pools (Director’s Cut)',
      genre: 'Documentary',
      description: 'A generative short.',
      aiDisclosure: { tools: [], parts: [], realLikeness: true, likenessConsent: true, notes: null },
    });
  });

  test('captions are replaced whole and republished by a captions job', async () => {
    const queue = app.sut.get<JobQueue<MediaJobs>>(MEDIA);
    const dir = join(app.roots.sources, 'films', String(film.id), 'captions');
    const vttDe = 'WEBVTT\n\n00:00.000 --> 00:01.000\nHallo.\n';
    const response = await call('PUT', `/api/studio/films/${film.id}/captions`, as(ADA), {
      captions: [{ language: 'de', label: 'Deutsch', vtt: vttDe }],
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as StudioFilmDto).captions).toEqual([
      { language: 'de', label: 'Deutsch' },
    ]);
    expect(readdirSync(dir)).toEqual(['de.vtt']);
    expect(readFileSync(join(dir, 'de.vtt'), 'utf8')).toBe(vttDe);
    const jobs = await queue.queue.getJobs(['waiting', 'delayed', 'prioritized']);
    const captionJob = jobs.find((job) => job.name === 'captions');
    expect((captionJob?.data as { payload: MediaJobs['captions'] }).payload).toEqual({
      filmId: film.id,
      captions: [{ language: 'de', label: 'Deutsch', path: join(dir, 'de.vtt') }],
    });

    const none = await call('PUT', `/api/studio/films/${film.id}/captions`, as(ADA), { captions: [] });
    expect(((await none.json()) as StudioFilmDto).captions).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('deleting a film that is not published removes it with its source and media', async () => {
    const uploadId = await upload(ADA, app.clips.other);
    const doomed = (await (
      await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Doomed'))
    ).json()) as StudioFilmDto;
    const source = join(app.roots.sources, 'films', String(doomed.id));
    expect(existsSync(source)).toBe(true);
    expect((await call('DELETE', `/api/studio/films/${doomed.id}`, as(ADA))).status).toBe(204);
    expect(await filmCount('Doomed')).toBe(0);
    expect(existsSync(source)).toBe(false);
    const queue = app.sut.get<JobQueue<MediaJobs>>(MEDIA);
    expect(await queue.queue.getJob(transcodeJobId(doomed.id))).toBeUndefined();
    expect((await call('GET', `/api/studio/films/${doomed.id}`, as(ADA))).status).toBe(404);
    // The review queue and other read models learn of it (same transaction, outbox).
    expect(await outboxKeys('catalog.film-deleted.v1')).toContain(String(doomed.id));
  });

  test('editing a playable film announces its new details; a film still transcoding announces nothing', async () => {
    const uploadId = await upload(ADA, app.clips.other);
    const pending = (await (
      await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Salt Flats'))
    ).json()) as StudioFilmDto;
    const announced = async () =>
      (await outboxKeys('catalog.film-status-changed.v1')).filter((key) => key === String(pending.id)).length;
    await call('PATCH', `/api/studio/films/${pending.id}`, as(ADA), { description: 'Still transcoding.' });
    expect(await announced()).toBe(0);

    await app.db.query(`update films set video_url = '/media/films/' || id || '/master.m3u8' where id = $1`, [
      pending.id,
    ]);
    await call('PATCH', `/api/studio/films/${pending.id}`, as(ADA), { title: 'Salt Flats at Noon' });
    expect(await announced()).toBe(1);
    const { rows } = await app.db.query<{ payload: Buffer }>(
      `select payload from outbox where topic = 'catalog.film-status-changed.v1' and key = $1`,
      [String(pending.id)],
    );
    const event = fromBinary(FilmStatusChangedSchema, rows[0]!.payload);
    expect(event).toMatchObject({ title: 'Salt Flats at Noon', status: FilmStatus.PENDING });
    expect(event.aiDisclosure?.tools).toEqual(DISCLOSURE.tools);
  });
});
