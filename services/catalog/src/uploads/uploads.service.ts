import {
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { CONFIG, identityFromHeaders } from '@kinora/common';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadRootOf, type Config } from '../config';

/** The tus endpoint as clients see it (Location headers are relative to the gateway's origin). */
export const UPLOADS_PATH = '/api/uploads';

/** Upload-Metadata keys kept from the client; everything else is dropped. */
const CLIENT_METADATA = ['filename', 'filetype'] as const;
const METADATA_VALUE_MAX = 255;
/** The upload's owner (X-User-Id of the creator who started it), written by the server only. */
const OWNER_KEY = 'owner';

/** A finished upload, ready to become a film's source. */
export interface FinishedUpload {
  id: string;
  /** The received file (absolute). */
  path: string;
  size: number;
  filename: string | null;
  filetype: string | null;
}

const tusError = (status_code: number, body: string) => ({ status_code, body });

/**
 * @tus/server answers its refusals (412 without Tus-Resumable, 400 for a bad tus header, 404, 409,
 * 410, 413...) in plain text; every other error of ours is JSON, so these are rewritten as the
 * same {statusCode, message, error} body.
 */
class JsonErrorServer extends Server {
  override write(
    context: Parameters<Server['write']>[0],
    headers: Headers,
    status: number,
    body = '',
  ): ReturnType<Server['write']> {
    if (status < 400 || body === '') return super.write(context, headers, status, body);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    const error = { statusCode: status, message: body.trim(), error: STATUS_CODES[status] ?? 'Error' };
    return super.write(context, headers, status, JSON.stringify(error));
  }
}

/**
 * Resumable uploads (tus 1.0, @tus/server with a file store under UPLOAD_ROOT). Only creators
 * (films) and admins (ad creatives) reach it (the controller's guard); whoever starts an upload
 * owns it, and no one else can see, continue or delete it. Unfinished uploads expire
 * UPLOAD_EXPIRY_HOURS after they started, finished ones that were never claimed (made into a film
 * or a creative) UPLOAD_EXPIRY_HOURS after their last byte; a timer
 * removes both.
 */
@Injectable()
export class UploadsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(UploadsService.name);
  readonly root: string;
  private readonly expiryMs: number;
  private store?: FileStore;
  private tus?: Server;
  private timer?: NodeJS.Timeout;
  /** Uploads being turned into a film right now (one claim at a time per upload). */
  private readonly claimed = new Set<string>();

  constructor(@Inject(CONFIG) private readonly config: Config) {
    this.root = uploadRootOf(config);
    this.expiryMs = config.UPLOAD_EXPIRY_HOURS * 3_600_000;
  }

  async onModuleInit(): Promise<void> {
    // Created here, with a clear error, rather than by FileStore (which throws from a callback).
    try {
      await mkdir(this.root, { recursive: true });
    } catch (error) {
      throw new Error(`UPLOAD_ROOT ${this.root} cannot be created: ${(error as Error).message}`);
    }
    this.store = new FileStore({ directory: this.root, expirationPeriodInMilliseconds: this.expiryMs });
    this.tus = new JsonErrorServer({
      path: UPLOADS_PATH,
      datastore: this.store,
      relativeLocation: true,
      maxSize: this.config.UPLOAD_MAX_BYTES,
      // Only finished uploads become films; a finished one is removed by the studio, not the client.
      disableTerminationForFinishedUploads: false,
      onUploadCreate: async (request, upload) => {
        const identity = identityFromHeaders(Object.fromEntries(request.headers.entries()));
        if (!identity) throw tusError(401, 'Unauthorized\n');
        const metadata: Record<string, string | null> = {};
        for (const key of CLIENT_METADATA) {
          const value = upload.metadata?.[key];
          if (typeof value === 'string') metadata[key] = value.slice(0, METADATA_VALUE_MAX);
        }
        metadata[OWNER_KEY] = identity.userId;
        return { metadata };
      },
      onResponseError: (_request, error) => {
        if ('status_code' in error) return undefined;
        this.logger.error({ err: error }, 'upload failed');
        return undefined;
      },
    });
    this.timer = setInterval(() => void this.cleanUp(), this.config.UPLOAD_CLEANUP_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Hands a tus request to the server (the caller has checked the role and, for an id, ownership). */
  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    await this.server().handle(request, response);
  }

  /** The upload if `userId` owns it; 404 otherwise (another creator's upload does not exist for them). */
  async owned(uploadId: string, userId: string): Promise<Upload> {
    const upload = await this.find(uploadId);
    if (!upload || upload.metadata?.[OWNER_KEY] !== userId) {
      throw new NotFoundException(`Upload ${uploadId} not found`);
    }
    return upload;
  }

  /**
   * A finished upload of `userId`, claimed until `release` is called: 404 for an unknown or foreign
   * upload, 409 while it is still being received or already being made into a film.
   */
  async claimFinished(uploadId: string, userId: string): Promise<FinishedUpload> {
    const upload = await this.owned(uploadId, userId);
    if (upload.size === undefined || upload.offset !== upload.size) {
      throw new ConflictException(
        `The upload is not finished yet (${upload.offset} of ${upload.size ?? '?'} bytes received)`,
      );
    }
    if (this.claimed.has(uploadId)) {
      throw new ConflictException('This upload is already being made into a film');
    }
    this.claimed.add(uploadId);
    return {
      id: uploadId,
      path: this.dataPath(uploadId),
      size: upload.size,
      filename: upload.metadata?.filename ?? null,
      filetype: upload.metadata?.filetype ?? null,
    };
  }

  /** 409 while the upload is being made into a film (it cannot be abandoned half-way). */
  assertNotClaimed(uploadId: string): void {
    if (this.claimed.has(uploadId)) {
      throw new ConflictException('This upload is being made into a film right now');
    }
  }

  release(uploadId: string): void {
    this.claimed.delete(uploadId);
  }

  /** The received file of an upload (absolute). */
  dataPath(uploadId: string): string {
    return join(this.root, uploadId);
  }

  /** Forgets an upload whose file has been moved away (its record), or removes it whole. */
  async forget(uploadId: string): Promise<void> {
    await unlink(this.dataPath(uploadId)).catch(ignoreMissing);
    await unlink(`${this.dataPath(uploadId)}.json`).catch(ignoreMissing);
  }

  /**
   * Removes expired uploads: unfinished ones UPLOAD_EXPIRY_HOURS after they started (as tus
   * announces in Upload-Expires), finished ones that never became a film UPLOAD_EXPIRY_HOURS after
   * their last byte, and files left without a record. Returns how many uploads were removed.
   */
  async cleanUp(now = Date.now()): Promise<number> {
    let removed = 0;
    try {
      const names = await readdir(this.root);
      const records = new Set(
        names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5)),
      );
      for (const name of names) {
        if (name.endsWith('.json')) continue;
        const id = name;
        if (this.claimed.has(id)) continue;
        const upload = records.has(id) ? await this.find(id) : undefined;
        const info = await stat(this.dataPath(id)).catch(() => undefined);
        if (!info?.isFile()) continue;
        const finished = upload?.size !== undefined && upload.offset === upload.size;
        const since = !upload
          ? info.mtimeMs
          : finished
            ? info.mtimeMs
            : new Date(upload.creation_date ?? info.mtimeMs).getTime();
        if (now - since < this.expiryMs) continue;
        await this.forget(id);
        removed += 1;
      }
      for (const id of records) {
        // A record whose file is gone.
        if (!names.includes(id) && !this.claimed.has(id)) {
          await unlink(`${this.dataPath(id)}.json`).catch(ignoreMissing);
        }
      }
    } catch (error) {
      this.logger.error({ err: error }, 'expired uploads could not be cleaned up');
    }
    if (removed > 0) this.logger.log({ removed }, 'expired uploads removed');
    return removed;
  }

  private async find(uploadId: string): Promise<Upload | undefined> {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(uploadId)) return undefined;
    try {
      return await this.server().datastore.getUpload(uploadId);
    } catch {
      return undefined;
    }
  }

  private server(): Server {
    if (!this.tus) throw new Error('UploadsService is not initialised');
    return this.tus;
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
