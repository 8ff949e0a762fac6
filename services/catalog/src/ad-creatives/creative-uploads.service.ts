import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { CONFIG, type Identity } from '@kinora/common';
import { CREATIVE_DURATION_MAX } from '@kinora/contracts';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sourceRootOf, type Config } from '../config';
import { creativeVideoUrl } from '../media/creative-jobs';
import { MediaService } from '../media/media.service';
import { moveFile, sourceFileName } from '../studio/studio-files';
import { probeUpload } from '../uploads/probe-upload';
import { UploadsService } from '../uploads/uploads.service';
import { CreativeMediaRepository } from './creative-media.repository';
import type { CreateCreativeUploadDto, CreativeUploadDto } from './dto/creative-upload.dto';

/**
 * Advertising creatives made from an admin's finished upload: probed at once (not a video, longer
 * than a creative may be: 422), the upload moved to SOURCE_ROOT/creatives/<id>/ and its row
 * (queued) committed, then its transcode queued for catalog-worker. Any failure before the job is
 * queued puts the upload back as it was and leaves no row.
 */
@Injectable()
export class CreativeUploadsService {
  private readonly logger = new Logger(CreativeUploadsService.name);
  private readonly sourceRoot: string;

  constructor(
    private readonly em: EntityManager,
    @Inject(CONFIG) private readonly config: Config,
    private readonly uploads: UploadsService,
    private readonly media: MediaService,
    private readonly creatives: CreativeMediaRepository,
  ) {
    this.sourceRoot = sourceRootOf(config);
  }

  async create(identity: Identity, dto: CreateCreativeUploadDto): Promise<CreativeUploadDto> {
    const upload = await this.uploads.claimFinished(dto.uploadId, identity.userId);
    try {
      await probeUpload(upload.path, {
        tools: { ffmpeg: this.config.FFMPEG_PATH, ffprobe: this.config.FFPROBE_PATH },
        maxSeconds: CREATIVE_DURATION_MAX,
        logger: this.logger,
      });
      let sourcePath: string | undefined;
      const undo = async () => {
        if (!sourcePath) return;
        await moveFile(sourcePath, upload.path);
        await rm(dirname(sourcePath), { recursive: true, force: true });
      };
      let id: number;
      try {
        id = await this.em.fork().transactional(async () => {
          const created = await this.creatives.insert(dto.label, identity.userId);
          const path = join(this.sourceRoot, 'creatives', String(created), sourceFileName(upload.filename));
          await this.creatives.setSourcePath(created, path);
          await moveFile(upload.path, path);
          sourcePath = path;
          return created;
        });
      } catch (error) {
        await undo();
        throw error;
      }
      try {
        await this.media.enqueueCreative(id, sourcePath!);
      } catch (error) {
        await this.creatives.delete(id);
        await undo();
        throw error;
      }
      await this.uploads.forget(upload.id);
      this.logger.log({ creativeId: id, uploadId: upload.id }, 'creative upload queued');
      return this.get(id);
    } finally {
      this.uploads.release(upload.id);
    }
  }

  async get(id: number): Promise<CreativeUploadDto> {
    const row = await this.creatives.find(id);
    if (!row) throw new NotFoundException(`Creative upload ${id} not found`);
    const ready = row.status === 'ready';
    return {
      id: row.id,
      label: row.label,
      status: row.status,
      progress: row.progress,
      failureReason: row.failure_reason,
      videoUrl: ready ? creativeVideoUrl(row.id) : null,
      duration: ready && row.duration_seconds !== null ? Number(row.duration_seconds) : null,
    };
  }
}
