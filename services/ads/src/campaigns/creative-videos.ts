import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { CONFIG } from '@kinora/common';
import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import { CREATIVE_DURATION_MAX, CREATIVE_DURATION_MIN } from '@kinora/contracts';

export class CreativeVideoDto {
  @ApiProperty({ example: '/media/ads/sparkling-water/master.m3u8' })
  videoUrl!: string;

  @ApiProperty({ description: 'Seconds.' })
  duration!: number;

  @ApiProperty()
  label!: string;
}

/** A folder name that is safe as a URL path segment as it is. */
const FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * The videos a creative may use: the HLS masters under MEDIA_ROOT/ads/<folder>/master.m3u8 that
 * have a creative.json ({label, duration}) beside them, served by the gateway under /media/ads/.
 * Read from disk on each call: the list is short and only admins read it.
 */
@Injectable()
export class CreativeVideos {
  private readonly logger = new Logger(CreativeVideos.name);

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  async list(): Promise<CreativeVideoDto[]> {
    if (!this.config.MEDIA_ROOT) return [];
    const root = join(this.config.MEDIA_ROOT, 'ads');
    const folders = await readdir(root, { withFileTypes: true }).catch(() => []);
    const videos = await Promise.all(
      folders
        .filter((entry) => entry.isDirectory() && FOLDER.test(entry.name))
        .map((entry) => this.read(join(root, entry.name), entry.name)),
    );
    return videos
      .filter((video): video is CreativeVideoDto => video !== null)
      .sort((a, b) => a.videoUrl.localeCompare(b.videoUrl));
  }

  async byUrl(videoUrl: string): Promise<CreativeVideoDto | undefined> {
    return (await this.list()).find((video) => video.videoUrl === videoUrl);
  }

  /** A 400 naming `field` unless `videoUrl` is one of the creative videos. */
  async check(videoUrl: string, field: string): Promise<void> {
    if (!(await this.byUrl(videoUrl))) {
      throw new BadRequestException(
        `${field} must be one of the creative videos (GET /api/ads/creative-videos)`,
      );
    }
  }

  private async read(folder: string, name: string): Promise<CreativeVideoDto | null> {
    try {
      await access(join(folder, 'master.m3u8'));
      const facts = JSON.parse(await readFile(join(folder, 'creative.json'), 'utf8')) as unknown;
      const { label, duration } = (facts ?? {}) as { label?: unknown; duration?: unknown };
      if (
        typeof label !== 'string' ||
        label.trim() === '' ||
        typeof duration !== 'number' ||
        !Number.isFinite(duration) ||
        duration <= 0
      ) {
        this.logger.warn(`${folder}/creative.json needs {label, duration}: skipped`);
        return null;
      }
      const seconds = Math.min(CREATIVE_DURATION_MAX, Math.max(CREATIVE_DURATION_MIN, duration));
      return { videoUrl: `/media/ads/${name}/master.m3u8`, duration: seconds, label: label.trim() };
    } catch {
      return null;
    }
  }
}
