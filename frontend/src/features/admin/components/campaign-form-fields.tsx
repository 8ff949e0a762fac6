import { GENRES } from '@kinora/contracts';
import type { ReactNode } from 'react';
import { useFormContext, useWatch, type PathValue } from 'react-hook-form';

import { Field, SelectField, TextareaField } from '@/components/ui/form';
import { cn } from '@/lib/utils';

import { useAdvertisers } from '../api/advertisers';
import { useCreativeVideos } from '../api/creative-videos';
import {
  AD_DEVICE_TYPES,
  CAMPAIGN_DELIVERIES,
  CAMPAIGN_LIMITS,
  NEW_CAMPAIGN_STATUSES,
  type CampaignFormValues,
} from '../utils/campaign-form';
import { CreativeVideoUpload } from './creative-video-upload';

const DELIVERY_LABELS = { even: 'Even (spread over the flight)', asap: 'As soon as possible' } as const;
const STATUS_LABELS = { draft: 'Draft', active: 'Active', paused: 'Paused' } as const;

type Name = keyof CampaignFormValues;

/** What every field of the form takes from react-hook-form: its id, registration and error. */
function useCampaignField(id: string) {
  const form = useFormContext<CampaignFormValues>();
  const { errors, isSubmitted } = form.formState;
  const field = (name: Name) => ({
    id: `${id}-${name}`,
    error: errors[name]?.message,
    ...form.register(name),
  });
  // Once sent, a value set in code is checked again at once, as typing is.
  const set = <N extends Name>(name: N, value: PathValue<CampaignFormValues, N>) =>
    form.setValue(name, value, { shouldValidate: isSubmitted, shouldDirty: true });
  return { form, field, set };
}

const toggle = <T extends string>(list: T[], item: T) =>
  list.includes(item) ? list.filter((value) => value !== item) : [...list, item];

/** Who pays: an existing advertiser, or a new one created with the campaign. */
export function AdvertiserFields({ id, open }: { id: string; open: boolean }) {
  const { form, field } = useCampaignField(id);
  const advertisers = useAdvertisers(open);
  const [mode, advertiserId] = useWatch<CampaignFormValues, ['advertiserMode', 'advertiserId']>({
    name: ['advertiserMode', 'advertiserId'],
  });
  return (
    <Fieldset legend="Advertiser">
      <div
        role="radiogroup"
        aria-label="New or existing advertiser"
        className="flex gap-4 text-sm sm:col-span-2"
      >
        {(['existing', 'new'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-fg">
            <input
              type="radio"
              value={value}
              {...form.register('advertiserMode')}
              className="accent-accent"
            />
            {value === 'existing' ? 'Existing advertiser' : 'New advertiser'}
          </label>
        ))}
      </div>
      {mode === 'existing' ? (
        <SelectField
          label="Advertiser"
          className="sm:col-span-2"
          hint={advertisers.isError ? 'The advertisers could not be loaded.' : undefined}
          placeholder={advertisers.isPending ? 'Loading...' : 'Choose an advertiser'}
          options={(advertisers.data ?? []).map((advertiser) => ({
            value: String(advertiser.id),
            label: advertiser.name,
          }))}
          {...field('advertiserId')}
          // Controlled: the advertisers load after the field, and a new one is chosen in code.
          value={advertiserId}
        />
      ) : (
        <>
          <Field
            label="Advertiser name"
            maxLength={CAMPAIGN_LIMITS.nameMax + 20}
            {...field('advertiserName')}
          />
          <Field
            label="Website (optional)"
            type="url"
            placeholder="https://"
            {...field('advertiserWebsite')}
          />
        </>
      )}
    </Fieldset>
  );
}

/** The campaign: name, money, flight, delivery, status and frequency caps. */
export function CampaignFields({ id }: { id: string }) {
  const { field } = useCampaignField(id);
  return (
    <Fieldset legend="Campaign">
      <Field
        label="Campaign name"
        className="sm:col-span-2"
        maxLength={CAMPAIGN_LIMITS.nameMax + 20}
        {...field('name')}
      />
      <Field label="Budget (USD)" hint="$1 to $1,000,000" inputMode="decimal" {...field('budget')} />
      <Field label="CPM bid (USD)" hint="Per 1,000 impressions" inputMode="decimal" {...field('cpm')} />
      <Field label="Starts" type="datetime-local" {...field('startsAt')} />
      <Field label="Ends" type="datetime-local" {...field('endsAt')} />
      <SelectField
        label="Delivery"
        options={CAMPAIGN_DELIVERIES.map((value) => ({ value, label: DELIVERY_LABELS[value] }))}
        {...field('delivery')}
      />
      <SelectField
        label="Status"
        options={NEW_CAMPAIGN_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        {...field('status')}
      />
      <Field
        label="Per viewer per day"
        hint="Impressions, 1 to 100"
        inputMode="numeric"
        {...field('capPerViewerDay')}
      />
      <Field
        label="Per film session"
        hint="Impressions, 1 to 10"
        inputMode="numeric"
        {...field('capPerSession')}
      />
    </Fieldset>
  );
}

/** Whom it is shown to; every part left empty matches everyone. */
export function TargetingFields({ id }: { id: string }) {
  const { field, set } = useCampaignField(id);
  const [genres, deviceTypes] = useWatch<CampaignFormValues, ['genres', 'deviceTypes']>({
    name: ['genres', 'deviceTypes'],
  });
  return (
    <Fieldset legend="Targeting" hint="Left empty, a field matches everyone.">
      <ChoiceGroup label="Genres" className="sm:col-span-2">
        {GENRES.map((genre) => (
          <Choice
            key={genre}
            label={genre}
            checked={genres.includes(genre)}
            onChange={() => set('genres', toggle(genres, genre))}
          />
        ))}
      </ChoiceGroup>
      <Field label="Countries" hint="Two-letter codes, e.g. US, GB" {...field('countries')} />
      <Field label="Interests" hint="Separated by commas" {...field('interests')} />
      <Field label="Youngest age" hint="13 to 120" inputMode="numeric" {...field('ageMin')} />
      <Field label="Oldest age" hint="13 to 120" inputMode="numeric" {...field('ageMax')} />
      <ChoiceGroup label="Devices" className="sm:col-span-2">
        {AD_DEVICE_TYPES.map((device) => (
          <Choice
            key={device}
            label={device === 'tv' ? 'TV' : device[0]!.toUpperCase() + device.slice(1)}
            checked={deviceTypes.includes(device)}
            onChange={() => set('deviceTypes', toggle(deviceTypes, device))}
          />
        ))}
      </ChoiceGroup>
    </Fieldset>
  );
}

/** The ad: title, click URL, description and its video (picked, or uploaded here), whose length follows. */
export function AdFields({ id, open }: { id: string; open: boolean }) {
  const { field, set } = useCampaignField(id);
  const videos = useCreativeVideos(open);
  const videoList = videos.data ?? [];
  const [title, description, videoUrl] = useWatch<
    CampaignFormValues,
    ['creativeTitle', 'creativeDescription', 'creativeVideoUrl']
  >({ name: ['creativeTitle', 'creativeDescription', 'creativeVideoUrl'] });
  const video = field('creativeVideoUrl');
  return (
    <Fieldset legend="Ad">
      <Field label="Ad title" maxLength={CAMPAIGN_LIMITS.creativeTitleMax + 20} {...field('creativeTitle')} />
      <Field label="Click URL" type="url" placeholder="https://" {...field('creativeClickUrl')} />
      <TextareaField
        label="Ad description"
        hint={`${description.length}/${CAMPAIGN_LIMITS.creativeDescriptionMax}`}
        className="sm:col-span-2"
        rows={2}
        {...field('creativeDescription')}
      />
      <SelectField
        label="Video"
        hint={
          videos.isError
            ? 'The ad videos could not be loaded.'
            : videos.isSuccess && videoList.length === 0
              ? 'No ad videos are available.'
              : undefined
        }
        placeholder={videos.isPending ? 'Loading...' : 'Choose a video'}
        options={videoList.map((item) => ({
          value: item.videoUrl,
          label: `${item.label} (${item.duration} s)`,
        }))}
        {...video}
        // Controlled: an uploaded video is chosen before the list shows it.
        value={videoUrl}
        onChange={(event) => {
          const picked = videoList.find((item) => item.videoUrl === event.target.value);
          set('creativeDuration', picked ? String(picked.duration) : '');
          return video.onChange(event);
        }}
      />
      <Field label="Duration (seconds)" hint="The video's length" readOnly {...field('creativeDuration')} />
      <CreativeVideoUpload
        title={title}
        onReady={(ready) => {
          set('creativeVideoUrl', ready.videoUrl);
          set('creativeDuration', ready.duration === null ? '' : String(ready.duration));
        }}
      />
    </Fieldset>
  );
}

function Fieldset({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-bold tracking-wide text-fg uppercase">{legend}</legend>
      {hint ? <p className="-mt-2 text-xs text-fg-subtle sm:col-span-2">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

function ChoiceGroup({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="group" aria-label={label} className={className}>
      <p className="mb-1.5 text-sm font-medium text-fg-muted">{label}</p>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

function Choice({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label
      className={cn(
        'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
        checked
          ? 'border-accent bg-accent/15 text-fg'
          : 'border-white/15 text-fg-muted hover:border-white/30',
      )}
    >
      <input type="checkbox" checked={checked} onChange={onChange} className="sr-only" />
      {label}
    </label>
  );
}
