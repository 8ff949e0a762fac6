import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { MediaStatus } from '@kinora/contracts';

export interface Rendition {
  /** "360p", "720p". */
  name: string;
  width: number;
  height: number;
  /** Peak segment bit rate, bit/s (the master playlist's BANDWIDTH). */
  bandwidth: number;
  /** Mean bit rate, bit/s (AVERAGE-BANDWIDTH). */
  averageBandwidth?: number;
  /** RFC 6381 codecs, e.g. "avc1.4d401f,mp4a.40.2". */
  codecs?: string;
  /** The rendition's media playlist as served, e.g. "/media/films/7/720p/index.m3u8". */
  playlist: string;
}

/** The transcoding state of a film's source video. */
@Entity({ tableName: 'film_media' })
export class FilmMedia {
  [OptionalProps]?:
    'status' | 'failureReason' | 'attempts' | 'progress' | 'durationSeconds' | 'renditions' | 'updatedAt';

  @PrimaryKey({ type: 'integer' })
  filmId!: number;

  @Property({ type: 'text' })
  sourcePath!: string;

  @Property({ type: 'text' })
  status: MediaStatus = 'queued';

  @Property({ type: 'text', nullable: true })
  failureReason?: string | null;

  @Property({ type: 'integer' })
  attempts = 0;

  /** Whole percent of the transcode done (0..100), from ffmpeg's progress; 100 once ready. */
  @Property({ type: 'integer' })
  progress = 0;

  @Property({ type: 'decimal', precision: 10, scale: 3, nullable: true })
  durationSeconds?: string | null;

  @Property({ type: 'json' })
  renditions: Rendition[] = [];

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
