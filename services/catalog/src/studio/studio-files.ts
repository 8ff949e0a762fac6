import { copyFile, mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { CaptionSource } from '../media/media.queue';

/** A caption track to write: its language tag, label and WebVTT text. */
export interface CaptionText {
  language: string;
  label: string;
  vtt: string;
}

/** Where a film's source and caption files live: SOURCE_ROOT/films/<id>/. */
export const filmSourceDir = (sourceRoot: string, filmId: number) =>
  join(sourceRoot, 'films', String(filmId));
export const captionPath = (sourceRoot: string, filmId: number, language: string) =>
  join(filmSourceDir(sourceRoot, filmId), 'captions', `${language}.vtt`);

/** "source.mp4" from the uploaded file's name when its extension is plain, else "source". */
export function sourceFileName(filename: string | null): string {
  const extension = extname(filename ?? '').toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(extension) ? `source${extension}` : 'source';
}

/** Moves a file, copying across file systems when a rename cannot. */
export async function moveFile(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await unlink(from);
  }
}

/** The caption files of a film as the media jobs take them. */
export function captionSources(sourceRoot: string, filmId: number, captions: CaptionText[]): CaptionSource[] {
  return captions.map(({ language, label }) => ({
    language,
    label,
    path: captionPath(sourceRoot, filmId, language),
  }));
}

/** Writes caption files into `dir` (created), one <language>.vtt per track. */
export async function writeCaptions(dir: string, captions: CaptionText[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const caption of captions) await writeFile(join(dir, `${caption.language}.vtt`), caption.vtt, 'utf8');
}

/**
 * A new film's files: the upload moved to SOURCE_ROOT/films/<id>/source<.ext>, the captions
 * written beside it. `undo` puts the upload back and removes the rest, for a creation that failed
 * after this.
 */
export class PlacedFilmFiles {
  private moved = false;

  constructor(
    readonly dir: string,
    readonly sourcePath: string,
    private readonly uploadPath: string,
  ) {}

  static async place(
    sourceRoot: string,
    filmId: number,
    upload: { path: string; filename: string | null },
    captions: CaptionText[],
  ): Promise<PlacedFilmFiles> {
    const dir = filmSourceDir(sourceRoot, filmId);
    const placed = new PlacedFilmFiles(dir, join(dir, sourceFileName(upload.filename)), upload.path);
    try {
      await moveFile(upload.path, placed.sourcePath);
      placed.moved = true;
      if (captions.length > 0) await writeCaptions(join(dir, 'captions'), captions);
      return placed;
    } catch (error) {
      await placed.undo();
      throw error;
    }
  }

  async undo(): Promise<void> {
    if (this.moved) await moveFile(this.sourcePath, this.uploadPath);
    this.moved = false;
    await rm(this.dir, { recursive: true, force: true });
  }
}
