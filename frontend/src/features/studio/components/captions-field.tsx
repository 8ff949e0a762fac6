import { Captions, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { INPUT_CLASS } from '@/components/ui/form';

import {
  CAPTION_VTT_MAX_BYTES,
  CAPTIONS_MAX,
  checkVttText,
  validateCaptions,
  type CaptionDraft,
} from '../utils/film-form';

let nextKey = 0;

/** A caption's two text settings: its language code and its label, each named after the file. */
const CAPTION_TEXTS = [
  { key: 'language', label: 'Language code', name: 'Language', placeholder: 'en' },
  { key: 'label', label: 'Label', name: 'Label', placeholder: 'English' },
] as const;

/** 'film.pt-BR.vtt' → 'pt-BR', 'de.vtt' → 'de'; '' when the name holds no language code. */
export function languageFromFileName(name: string): string {
  const match = /(?:^|\.)([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)\.vtt$/i.exec(name);
  return match?.[1] ?? '';
}

/** The language's own name, as viewers pick it in the CC menu: 'de' → 'Deutsch', 'fr' → 'Français'. */
const languageName = (code: string) => {
  if (!code) return '';
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? '';
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return '';
  }
};

/** A file's text (FileReader: everywhere, unlike Blob.text in older engines). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsText(file);
  });

/** Reads WebVTT files as text; those that are not WebVTT or too large are refused with a reason. */
async function readCaptionFiles(files: File[]): Promise<{ drafts: CaptionDraft[]; refused: string[] }> {
  const drafts: CaptionDraft[] = [];
  const refused: string[] = [];
  for (const file of files) {
    const vtt = file.size > CAPTION_VTT_MAX_BYTES ? '' : await readText(file).catch(() => '');
    const problem = checkVttText(vtt, file.size);
    if (problem) {
      refused.push(`${file.name} ${problem}.`);
      continue;
    }
    const language = languageFromFileName(file.name);
    nextKey += 1;
    drafts.push({
      key: `caption-${nextKey}`,
      fileName: file.name,
      language,
      label: languageName(language),
      vtt,
    });
  }
  return { drafts, refused };
}

/** Several WebVTT caption files, each with a language code and the label the player's CC menu shows. */
export function CaptionsField({
  captions,
  onChange,
}: {
  captions: CaptionDraft[];
  onChange: (captions: CaptionDraft[]) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const { list, byKey } = validateCaptions(captions);

  const add = async (files: File[]) => {
    const read = await readCaptionFiles(files);
    setRefused(read.refused);
    if (read.drafts.length > 0) onChange([...captions, ...read.drafts]);
  };
  const update = (key: string, patch: Partial<CaptionDraft>) =>
    onChange(captions.map((caption) => (caption.key === key ? { ...caption, ...patch } : caption)));

  return (
    <fieldset className="rounded-2xl border border-white/10 bg-white/[0.03] p-5">
      <legend className="px-1 text-base font-semibold text-fg">Captions (optional)</legend>
      <p className="text-sm text-fg-muted">
        WebVTT files (.vtt), one per language, up to {CAPTIONS_MAX}. Viewers pick them from the player's CC
        menu.
      </p>

      {captions.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Caption files">
          {captions.map((caption) => (
            <li key={caption.key} className="rounded-xl border border-white/10 p-3">
              <div className="flex items-center justify-between gap-2">
                <p className="truncate text-sm font-medium text-fg">{caption.fileName}</p>
                <button
                  type="button"
                  aria-label={`Remove ${caption.fileName}`}
                  onClick={() => onChange(captions.filter((other) => other.key !== caption.key))}
                  className="inline-flex size-8 items-center justify-center rounded-full text-fg-subtle hover:bg-white/10 hover:text-fg"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </div>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                {CAPTION_TEXTS.map(({ key, label, name, placeholder }) => (
                  <label key={key} className="text-xs text-fg-subtle">
                    {label}
                    <input
                      aria-label={`${name} of ${caption.fileName}`}
                      value={caption[key]}
                      placeholder={placeholder}
                      onChange={(event) => update(caption.key, { [key]: event.target.value })}
                      className={`${INPUT_CLASS} mt-1`}
                    />
                  </label>
                ))}
              </div>
              {byKey[caption.key] ? (
                <p role="alert" className="mt-2 text-xs text-red-400">
                  {byKey[caption.key]}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {refused.length > 0 || list ? (
        <div role="alert" className="mt-3 space-y-1 text-xs text-red-400">
          {list ? <p>{list}</p> : null}
          {refused.map((reason) => (
            <p key={reason}>{reason}</p>
          ))}
        </div>
      ) : null}

      <input
        ref={inputRef}
        id={`${id}-files`}
        type="file"
        accept=".vtt,text/vtt"
        multiple
        aria-label="Add caption files"
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void add(files);
        }}
      />
      <Button variant="outline" size="sm" className="mt-4" onClick={() => inputRef.current?.click()}>
        <Captions className="size-4" aria-hidden="true" />
        Add caption files
      </Button>
    </fieldset>
  );
}
