import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { controlProps, FieldError, FieldFrame, INPUT_CLASS, TextareaField } from '@/components/ui/form';

import {
  AI_NOTES_MAX,
  AI_PARTS,
  AI_PART_LABELS,
  AI_TOOL_MAX,
  AI_TOOLS_MAX,
  type FilmDetailsErrors,
  type FilmDetailsValues,
} from '../utils/film-form';

type Props = { errors: FilmDetailsErrors };

const toolHint = `Press Enter to add a tool (up to ${AI_TOOLS_MAX}), e.g. Runway Gen-3, Suno, ElevenLabs.`;

const CHECKBOX = 'size-4 rounded border-white/30 bg-white/5 accent-accent';

/** Which generative tools made the film, for which parts, and whether real people appear (with consent). */
export function AiDisclosureFields({ errors }: Props) {
  const id = useId();
  const { register, setValue, getValues } = useFormContext<FilmDetailsValues>();
  const [aiTools, aiParts, realLikeness, aiNotes] = useWatch<
    FilmDetailsValues,
    ['aiTools', 'aiParts', 'realLikeness', 'aiNotes']
  >({ name: ['aiTools', 'aiParts', 'realLikeness', 'aiNotes'] });
  const values = { aiTools, aiParts, realLikeness, aiNotes };
  const onChange = (patch: Partial<FilmDetailsValues>) => {
    for (const [name, value] of Object.entries(patch) as [keyof FilmDetailsValues, never][])
      setValue(name, value, { shouldDirty: true });
  };
  const [tool, setTool] = useState('');
  const trimmed = tool.trim();
  const duplicate = values.aiTools.some((other) => other.toLowerCase() === trimmed.toLowerCase());
  const toolError =
    trimmed.length > AI_TOOL_MAX
      ? `A tool name is at most ${AI_TOOL_MAX} characters`
      : duplicate
        ? 'Already listed'
        : errors.aiTools;
  const canAdd =
    trimmed.length > 0 && !duplicate && trimmed.length <= AI_TOOL_MAX && values.aiTools.length < AI_TOOLS_MAX;

  const addTool = () => {
    if (!canAdd) return;
    onChange({ aiTools: [...values.aiTools, trimmed] });
    setTool('');
  };
  const onToolKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTool();
    }
  };

  return (
    <fieldset className="rounded-2xl border border-white/10 bg-white/[0.03] p-5">
      <legend className="px-1 text-base font-semibold text-fg">AI disclosure</legend>
      <p className="text-sm text-fg-muted">
        Viewers see this on the film's page. Tell them which generative tools you used and for what.
      </p>

      <div className="mt-4">
        <FieldFrame id={`${id}-tool`} label="Tools used" error={toolError} hint={toolHint}>
          <div className="flex gap-2">
            <input
              {...controlProps(`${id}-tool`, { error: toolError, hint: toolHint })}
              value={tool}
              placeholder="Tool name"
              onChange={(event) => setTool(event.target.value)}
              onKeyDown={onToolKeyDown}
              className={INPUT_CLASS}
            />
            <Button variant="outline" onClick={addTool} disabled={!canAdd} aria-label="Add tool">
              <Plus className="size-4" aria-hidden="true" />
              Add
            </Button>
          </div>
        </FieldFrame>
        {values.aiTools.length > 0 ? (
          <ul aria-label="Tools used" className="mt-3 flex flex-wrap gap-2">
            {values.aiTools.map((name) => (
              <li
                key={name}
                className="inline-flex items-center gap-1 rounded-full border border-white/15 bg-white/5 py-1 pr-1 pl-3 text-sm text-fg"
              >
                {name}
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange({ aiTools: values.aiTools.filter((other) => other !== name) })}
                  className="inline-flex size-6 items-center justify-center rounded-full text-fg-subtle hover:bg-white/10 hover:text-fg"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <fieldset className="mt-5">
        <legend className="mb-2 text-sm font-medium text-fg-muted">Made with AI</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {AI_PARTS.map((part) => (
            <label key={part} className="inline-flex items-center gap-2 text-sm text-fg">
              <input
                type="checkbox"
                className={CHECKBOX}
                checked={values.aiParts.includes(part)}
                onChange={(event) =>
                  onChange({
                    aiParts: event.target.checked
                      ? AI_PARTS.filter((other) => other === part || values.aiParts.includes(other))
                      : values.aiParts.filter((other) => other !== part),
                  })
                }
              />
              {AI_PART_LABELS[part]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-5 space-y-2">
        <label className="flex items-start gap-2 text-sm text-fg">
          <input
            type="checkbox"
            className={`${CHECKBOX} mt-0.5`}
            checked={values.realLikeness}
            onChange={(event) =>
              onChange({
                realLikeness: event.target.checked,
                likenessConsent: event.target.checked && getValues('likenessConsent'),
              })
            }
          />
          Real people's likeness or voices appear in this film
        </label>
        {values.realLikeness ? (
          <div className="ml-6">
            <label className="flex items-start gap-2 text-sm text-fg">
              <input
                type="checkbox"
                className={`${CHECKBOX} mt-0.5`}
                {...register('likenessConsent')}
                {...controlProps(`${id}-consent`, { error: errors.likenessConsent })}
              />
              I have the consent of every person whose likeness or voice appears
            </label>
            <FieldError id={`${id}-consent-error`} message={errors.likenessConsent} />
          </div>
        ) : null}
      </div>

      <div className="mt-5">
        <TextareaField
          id={`${id}-notes`}
          label="Notes (optional)"
          error={errors.aiNotes}
          hint={`${aiNotes.length}/${AI_NOTES_MAX}`}
          rows={3}
          placeholder="Anything else viewers should know about how the film was made"
          {...register('aiNotes')}
        />
      </div>
    </fieldset>
  );
}
