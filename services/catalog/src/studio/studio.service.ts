import { EntityManager } from '@mikro-orm/postgresql';
import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { AuditTrail, CONFIG, OutboxService, type Identity, type JobQueue } from '@kinora/common';
import { FilmDeletedSchema, FilmStatusChangedSchema } from '@kinora/proto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sourceRootOf, type Config } from '../config';
import { filmStatusEvent } from '../films/film-status-event';
import { FilmsRepository } from '../films/films.repository';
import type { ProbeResult } from '../media/ffmpeg';
import { MEDIA, type MediaJobs } from '../media/media.queue';
import { MediaService, transcodeJobId } from '../media/media.service';
import { probeUpload } from '../uploads/probe-upload';
import { UploadsService } from '../uploads/uploads.service';
import type { CaptionInputDto, CreateStudioFilmDto, UpdateStudioFilmDto } from './dto/studio-film-input.dto';
import type { StudioFilmDto } from './dto/studio-film.dto';
import { captionSources, filmSourceDir, PlacedFilmFiles, writeCaptions } from './studio-files';
import { mapStudioFilm } from './studio.mapper';
import { StudioRepository, type StudioFilmChanges } from './studio.repository';
import { checkCaptions, checkDetails, storedDisclosure } from './studio-rules';

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
    private readonly audit: AuditTrail,
    private readonly studio: StudioRepository,
    private readonly films: FilmsRepository,
  ) {
    this.sourceRoot = sourceRootOf(config);
  }

  async list(identity: Identity): Promise<StudioFilmDto[]> {
    const rows = await this.studio.listByUser(identity.userId);
    return rows.map(mapStudioFilm);
  }

  /** One of the caller's films (any film for an admin); 404 otherwise. */
  async get(identity: Identity, id: number): Promise<StudioFilmDto> {
    const row = await this.studio.find(id);
    if (!row || (row.c_user_id !== identity.userId && !identity.roles.includes('admin'))) {
      throw new NotFoundException(`Film ${id} not found`);
    }
    return mapStudioFilm(row);
  }

  /**
   * A film from a finished upload: probed at once (not a video, too long: 422), then in one
   * transaction the film (pending), its captions and the files moved into place; its transcode is
   * queued after the commit. Any failure puts the upload back as it was and leaves no film.
   * An admin may add it for a creator (`creatorId`) from the admin's own upload: the film is the
   * creator's from then on, reviewed like any other, and the audit log records who added it.
   */
  async create(identity: Identity, dto: CreateStudioFilmDto): Promise<StudioFilmDto> {
    checkDetails(dto);
    const captions = dto.captions ?? [];
    checkCaptions(captions);
    const creator = await this.creatorFor(identity, dto.creatorId);
    const upload = await this.uploads.claimFinished(dto.uploadId, identity.userId);
    try {
      const info = await this.probeUpload(upload.path);
      let placed: PlacedFilmFiles | undefined;
      let filmId: number;
      try {
        filmId = await this.em.fork().transactional(async (em) => {
          await this.studio.lockTitles(creator.id);
          await this.assertTitleFree(creator.id, dto.title, 0, dto.creatorId !== undefined);
          const id = await this.studio.insertFilm({
            creator_id: creator.id,
            title: dto.title,
            description: dto.description,
            genre: dto.genre,
            language: dto.language,
            release_year: dto.releaseYear,
            duration_minutes: Math.max(1, Math.round(info.durationSeconds / 60)),
            ai_disclosure: storedDisclosure(dto.aiDisclosure),
          });
          await this.studio.insertCaptions(id, captions);
          if (dto.creatorId !== undefined) {
            this.audit.record(em, {
              actorUserId: identity.userId,
              action: 'film.added-for-creator',
              target: { type: 'film', id, label: dto.title },
              details: { creatorId: creator.id },
            });
          }
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
        await this.studio.deleteFilm(filmId);
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
      const film = await this.ownFilm(identity, id, true);
      const changes: StudioFilmChanges = {};
      if (dto.title !== undefined) {
        await this.studio.lockTitles(film.creatorId);
        await this.assertTitleFree(film.creatorId, dto.title, id);
        changes.title = dto.title;
      }
      if (dto.description !== undefined) changes.description = dto.description;
      if (dto.genre !== undefined) changes.genre = dto.genre;
      if (dto.language !== undefined) changes.language = dto.language;
      if (dto.releaseYear !== undefined) changes.release_year = dto.releaseYear;
      if (dto.aiDisclosure !== undefined) changes.ai_disclosure = storedDisclosure(dto.aiDisclosure);
      if (Object.keys(changes).length === 0) return;
      await this.studio.updateFilm(id, changes);
      // Read models of the film (the review queue, social's film summaries) take the new details.
      const row = await this.films.findForStatusEvent(id);
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
    await this.ownFilm(identity, id, false);
    const dir = join(filmSourceDir(this.sourceRoot, id), 'captions');
    const staging = `${dir}.new-${randomBytes(4).toString('hex')}`;
    try {
      await writeCaptions(staging, captions);
      await this.em.fork().transactional(async () => {
        await this.ownFilm(identity, id, true);
        await this.studio.deleteCaptions(id);
        await this.studio.insertCaptions(id, captions);
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
      const film = await this.ownFilm(identity, id, true);
      if (film.status === 'published') {
        throw new ConflictException('A published film cannot be deleted');
      }
      const job = await this.queue.queue.getJob(transcodeJobId(id));
      if (job && (await job.getState()) === 'active') {
        throw new ConflictException('This film is being processed right now: try again once it has finished');
      }
      await job?.remove().catch(() => undefined);
      await this.studio.deleteFilm(id);
      this.outbox.add(em, FilmDeletedSchema, { filmId: BigInt(id) }, String(id));
    });
    await rm(filmSourceDir(this.sourceRoot, id), { recursive: true, force: true });
    await rm(join(this.config.MEDIA_ROOT, 'films', String(id)), { recursive: true, force: true });
  }

  /** The caller's own film (locked for the transaction when `lock`); 404 for anyone else's. */
  private async ownFilm(
    identity: Identity,
    id: number,
    lock: boolean,
  ): Promise<{ creatorId: number; status: string }> {
    const film = await this.studio.ownFilm(id, identity.userId, lock);
    if (!film) throw new NotFoundException(`Film ${id} not found`);
    return { creatorId: film.creator_id, status: film.status };
  }

  /**
   * Whose film a new one is: the caller's own creator profile, or, for an admin naming one, that
   * creator (unknown: 404; suspended: 409, lift the suspension first).
   */
  private async creatorFor(identity: Identity, creatorId?: number): Promise<{ id: number; name: string }> {
    if (creatorId === undefined) {
      const own = await this.studio.creatorOf(identity.userId);
      if (!own) throw new ForbiddenException('Set up your creator profile before uploading a film');
      return own;
    }
    if (!identity.roles.includes('admin')) throw new ForbiddenException('creatorId is for admins');
    const creator = await this.studio.creatorById(creatorId);
    if (!creator) throw new NotFoundException(`Creator ${creatorId} not found`);
    if (creator.suspended) {
      throw new ConflictException(`Creator ${creatorId} is suspended: lift the suspension to add a film`);
    }
    return creator;
  }

  private probeUpload(path: string): Promise<ProbeResult> {
    return probeUpload(path, {
      tools: { ffmpeg: this.config.FFMPEG_PATH, ffprobe: this.config.FFPROBE_PATH },
      maxSeconds: this.config.UPLOAD_MAX_DURATION_SECONDS,
      logger: this.logger,
    });
  }

  /** Call after lockTitles, inside its transaction (`forCreator`: an admin adding a film for them). */
  private async assertTitleFree(creatorId: number, title: string, exceptId = 0, forCreator = false) {
    if (await this.studio.titleTaken(creatorId, title, exceptId)) {
      const who = forCreator ? 'This creator already has' : 'You already have';
      throw new ConflictException(`${who} a film titled "${title}"`);
    }
  }
}
