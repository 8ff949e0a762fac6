import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { CONFIG, OutboxService, type Identity, type JobQueue } from '@kinora/common';
import { CAPTION_VTT_MAX_BYTES } from '@kinora/contracts';
import { FilmDeletedSchema, FilmStatusChangedSchema } from '@kinora/proto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sourceRootOf, type Config } from '../config';
import { filmStatusEvent, selectFilmEventRow } from '../films/film-status-event';
import type { ProbeResult } from '../media/ffmpeg';
import { MEDIA, type MediaJobs } from '../media/media.queue';
import { MediaService, transcodeJobId } from '../media/media.service';
import { probeUpload } from '../uploads/probe-upload';
import { UploadsService } from '../uploads/uploads.service';
import type {
  AiDisclosureInputDto,
  CaptionInputDto,
  CreateStudioFilmDto,
  UpdateStudioFilmDto,
} from './dto/studio-film-input.dto';
import { maxReleaseYear } from './dto/studio-film-input.dto';
import type { StudioFilmDto } from './dto/studio-film.dto';
import { captionSources, filmSourceDir, PlacedFilmFiles, writeCaptions } from './studio-files';
import { mapStudioFilm, STUDIO_COLUMNS, STUDIO_FROM, type StudioFilmRow } from './studio.mapper';

type Em = Pick<EntityManager, 'execute'>;

/**
 * The creator studio: films made from the creator's finished uploads, their details, captions and
 * AI disclosure. Rules (who sees what, limits, errors) in docs/catalog.md.
 */
@Injectable()
export class StudioService {
  private readonly logger = new Logger(StudioService.name);
  private readonly sourceRoot: string;

  constructor(
    private readonly em: EntityManager,
    private readonly uploads: UploadsService,
    private readonly media: MediaService,
    @Inject(MEDIA) private readonly queue: JobQueue<MediaJobs>,
    @Inject(CONFIG) private readonly config: Config,
    private readonly outbox: OutboxService,
  ) {
    this.sourceRoot = sourceRootOf(config);
  }

  async list(identity: Identity): Promise<StudioFilmDto[]> {
    const rows = await this.em
      .fork()
      .execute<StudioFilmRow[]>(
        `select ${STUDIO_COLUMNS} ${STUDIO_FROM} where c.user_id = ? order by f.created_at desc, f.id desc`,
        [identity.userId],
      );
    return rows.map(mapStudioFilm);
  }

  /** One of the caller's films (any film for an admin); 404 otherwise. */
  async get(identity: Identity, id: number): Promise<StudioFilmDto> {
    const row = await this.row(this.em.fork(), id);
    if (!row || (row.c_user_id !== identity.userId && !identity.roles.includes('admin'))) {
      throw new NotFoundException(`Film ${id} not found`);
    }
    return mapStudioFilm(row);
  }

  /**
   * A film from a finished upload: probed at once (not a video, too long: 422), then in one
   * transaction the film (pending), its captions and the files moved into place; its transcode is
   * queued after the commit. Any failure puts the upload back as it was and leaves no film.
   */
  async create(identity: Identity, dto: CreateStudioFilmDto): Promise<StudioFilmDto> {
    checkDetails(dto);
    const captions = dto.captions ?? [];
    checkCaptions(captions);
    const creator = await this.creatorOf(identity.userId);
    const upload = await this.uploads.claimFinished(dto.uploadId, identity.userId);
    try {
      const info = await this.probeUpload(upload.path);
      let placed: PlacedFilmFiles | undefined;
      let filmId: number;
      try {
        filmId = await this.em.fork().transactional(async (em) => {
          await this.lockTitles(em, creator.id);
          await this.assertTitleFree(em, creator.id, dto.title);
          const [film] = await em.execute<{ id: number }[]>(
            `insert into films (creator_id, title, description, genre, language, release_year, duration_minutes, ai_disclosure)
             values (?, ?, ?, ?, ?, ?, ?, ?::jsonb) returning id`,
            [
              creator.id,
              dto.title,
              dto.description,
              dto.genre,
              dto.language,
              dto.releaseYear,
              Math.max(1, Math.round(info.durationSeconds / 60)),
              JSON.stringify(storedDisclosure(dto.aiDisclosure)),
            ],
          );
          const id = film!.id;
          await this.insertCaptions(em, id, captions);
          placed = await PlacedFilmFiles.place(this.sourceRoot, id, upload, captions);
          return id;
        });
      } catch (error) {
        await placed?.undo();
        throw error;
      }
      try {
        await this.media.enqueue(this.em.fork(), filmId, placed!.sourcePath, creator.name, {
          captions: captionSources(this.sourceRoot, filmId, captions),
        });
      } catch (error) {
        await this.em.fork().execute('delete from films where id = ?', [filmId]);
        await placed!.undo();
        throw error;
      }
      await this.uploads.forget(upload.id);
      this.logger.log({ filmId, uploadId: upload.id, durationSeconds: info.durationSeconds }, 'film created');
      return this.get(identity, filmId);
    } finally {
      this.uploads.release(upload.id);
    }
  }

  async update(identity: Identity, id: number, dto: UpdateStudioFilmDto): Promise<StudioFilmDto> {
    checkDetails(dto);
    await this.em.fork().transactional(async (em) => {
      const film = await this.ownFilm(em, identity, id, true);
      const sets: string[] = [];
      const params: unknown[] = [];
      const set = (column: string, value: unknown, cast = '') => {
        sets.push(`${column} = ?${cast}`);
        params.push(value);
      };
      if (dto.title !== undefined) {
        await this.lockTitles(em, film.creatorId);
        await this.assertTitleFree(em, film.creatorId, dto.title, id);
        set('title', dto.title);
      }
      if (dto.description !== undefined) set('description', dto.description);
      if (dto.genre !== undefined) set('genre', dto.genre);
      if (dto.language !== undefined) set('language', dto.language);
      if (dto.releaseYear !== undefined) set('release_year', dto.releaseYear);
      if (dto.aiDisclosure !== undefined) {
        set('ai_disclosure', JSON.stringify(storedDisclosure(dto.aiDisclosure)), '::jsonb');
      }
      if (sets.length === 0) return;
      await em.execute(`update films set ${sets.join(', ')} where id = ?`, [...params, id]);
      // Read models of the film (the review queue, social's film summaries) take the new details.
      const row = await selectFilmEventRow(em, id);
      if (row?.video_url) {
        this.outbox.add(
          em,
          FilmStatusChangedSchema,
          filmStatusEvent(row, { previousStatus: row.status }),
          String(id),
        );
      }
    });
    return this.get(identity, id);
  }

  /**
   * Replaces a film's caption tracks: the rows in one transaction, the files swapped in after it,
   * then a captions job re-publishes them with the film's HLS (no re-transcode).
   */
  async putCaptions(identity: Identity, id: number, captions: CaptionInputDto[]): Promise<StudioFilmDto> {
    checkCaptions(captions);
    await this.ownFilm(this.em.fork(), identity, id, false);
    const dir = join(filmSourceDir(this.sourceRoot, id), 'captions');
    const staging = `${dir}.new-${randomBytes(4).toString('hex')}`;
    try {
      await writeCaptions(staging, captions);
      await this.em.fork().transactional(async (em) => {
        await this.ownFilm(em, identity, id, true);
        await em.execute('delete from film_captions where film_id = ?', [id]);
        await this.insertCaptions(em, id, captions);
      });
      await rm(dir, { recursive: true, force: true });
      await rename(staging, dir);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
    await this.media.enqueueCaptions(id, captionSources(this.sourceRoot, id, captions));
    return this.get(identity, id);
  }

  /** Removes a film that is not published, with its video, captions and source. */
  async remove(identity: Identity, id: number): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const film = await this.ownFilm(em, identity, id, true);
      if (film.status === 'published') {
        throw new ConflictException('A published film cannot be deleted');
      }
      const job = await this.queue.queue.getJob(transcodeJobId(id));
      if (job && (await job.getState()) === 'active') {
        throw new ConflictException('This film is being processed right now: try again once it has finished');
      }
      await job?.remove().catch(() => undefined);
      await em.execute('delete from films where id = ?', [id]);
      this.outbox.add(em, FilmDeletedSchema, { filmId: BigInt(id) }, String(id));
    });
    await rm(filmSourceDir(this.sourceRoot, id), { recursive: true, force: true });
    await rm(join(this.config.MEDIA_ROOT, 'films', String(id)), { recursive: true, force: true });
  }

  private row(em: Em, id: number): Promise<StudioFilmRow | undefined> {
    return em
      .execute<StudioFilmRow[]>(`select ${STUDIO_COLUMNS} ${STUDIO_FROM} where f.id = ?`, [id])
      .then((rows) => rows[0]);
  }

  /** The caller's own film (locked for the transaction when `lock`); 404 for anyone else's. */
  private async ownFilm(
    em: Em,
    identity: Identity,
    id: number,
    lock: boolean,
  ): Promise<{ creatorId: number; status: string }> {
    const [film] = await em.execute<{ creator_id: number; status: string }[]>(
      `select f.creator_id, f.status from films f join creators c on c.id = f.creator_id
        where f.id = ? and c.user_id = ? ${lock ? 'for update of f' : ''}`,
      [id, identity.userId],
    );
    if (!film) throw new NotFoundException(`Film ${id} not found`);
    return { creatorId: film.creator_id, status: film.status };
  }

  private async creatorOf(userId: string): Promise<{ id: number; name: string }> {
    const [creator] = await this.em.fork().execute<{ id: number; name: string }[]>(
      `select c.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), 'Kinora creator') as name
         from creators c left join known_users u on u.id = c.user_id where c.user_id = ?`,
      [userId],
    );
    if (!creator) throw new ForbiddenException('Set up your creator profile before uploading a film');
    return creator;
  }

  private probeUpload(path: string): Promise<ProbeResult> {
    return probeUpload(path, {
      tools: { ffmpeg: this.config.FFMPEG_PATH, ffprobe: this.config.FFPROBE_PATH },
      maxSeconds: this.config.UPLOAD_MAX_DURATION_SECONDS,
      logger: this.logger,
    });
  }

  /** Serialises title checks of one creator, so two requests cannot both take a title. */
  private async lockTitles(em: Em, creatorId: number): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtext('catalog.films.title'), ?)`, [creatorId]);
  }

  private async assertTitleFree(em: Em, creatorId: number, title: string, exceptId = 0): Promise<void> {
    const taken = await em.execute<unknown[]>(
      'select 1 from films where creator_id = ? and lower(title) = lower(?) and id <> ? limit 1',
      [creatorId, title, exceptId],
    );
    if (taken.length > 0) throw new ConflictException(`You already have a film titled "${title}"`);
  }

  private async insertCaptions(em: Em, filmId: number, captions: CaptionInputDto[]): Promise<void> {
    for (const caption of captions) {
      await em.execute('insert into film_captions (film_id, language, label) values (?, ?, ?)', [
        filmId,
        caption.language,
        caption.label,
      ]);
    }
  }
}

/** Rules the DTO's decorators cannot say: a release year up to next year, consent with a likeness. */
function checkDetails(dto: { releaseYear?: number; aiDisclosure?: AiDisclosureInputDto }): void {
  if (dto.releaseYear !== undefined && dto.releaseYear > maxReleaseYear()) {
    throw new BadRequestException(`releaseYear must not be after ${maxReleaseYear()}`);
  }
  if (dto.aiDisclosure?.realLikeness && !dto.aiDisclosure.likenessConsent) {
    throw new BadRequestException(
      "aiDisclosure.likenessConsent must be true when real people's likeness or voices appear",
    );
  }
}

function checkCaptions(captions: CaptionInputDto[]): void {
  captions.forEach((caption, index) => {
    if (Buffer.byteLength(caption.vtt, 'utf8') > CAPTION_VTT_MAX_BYTES) {
      throw new BadRequestException(`captions.${index}.vtt is larger than 1 MB`);
    }
  });
}

function storedDisclosure(input: AiDisclosureInputDto) {
  return {
    tools: input.tools,
    parts: input.parts,
    realLikeness: input.realLikeness,
    likenessConsent: input.likenessConsent,
    notes: input.notes ? input.notes : null,
  };
}
