import { GENRES } from '@kinora/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorProps, FormField, INPUT } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { isUnauthorizedError } from '@/lib/unauthorized';
import { cn } from '@/lib/utils';

import { useCreateCampaign } from '../api/ad-campaigns';
import { useAdvertisers, useCreateAdvertiser } from '../api/advertisers';
import { useCreativeVideos } from '../api/creative-videos';
import {
  AD_DEVICE_TYPES,
  CAMPAIGN_DELIVERIES,
  CAMPAIGN_LIMITS,
  emptyCampaignForm,
  NEW_CAMPAIGN_STATUSES,
  toAdvertiserInput,
  toCampaignInput,
  validateCampaignForm,
  type CampaignFormValues,
} from '../utils/campaign-form';
import { CreativeVideoUpload } from './creative-video-upload';

const DELIVERY_LABELS = { even: 'Even (spread over the flight)', asap: 'As soon as possible' } as const;
const STATUS_LABELS = { draft: 'Draft', active: 'Active', paused: 'Paused' } as const;

const failureText = (error: unknown) =>
  (isApiError(error) && error.serverMessage) || 'The campaign could not be created. Try again.';

/**
 * New Campaign (docs/advertising.md): the advertiser (an existing one, or a new one created first),
 * the campaign's name, budget, CPM bid, flight, delivery, frequency caps, targeting and status, and
 * one creative whose video is one of the ads service's creative videos (its length filled in), or a
 * video uploaded here and chosen once processed.
 * Checked before sending; the server's refusal is shown as it is.
 */
export function CampaignFormDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const field = (name: keyof CampaignFormValues) => `${id}-${name}`;
  const [values, setValues] = useState<CampaignFormValues>(() => emptyCampaignForm());
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const advertisers = useAdvertisers(open);
  const videos = useCreativeVideos(open);
  const createAdvertiser = useCreateAdvertiser();
  const createCampaign = useCreateCampaign();
  const busy = createAdvertiser.isPending || createCampaign.isPending;

  const errors = submitted ? validateCampaignForm(values) : {};
  const change = (patch: Partial<CampaignFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const input = (name: keyof CampaignFormValues) => ({
    id: field(name),
    className: INPUT,
    ...errorProps(field(name), errors[name]),
  });
  const text = (name: keyof CampaignFormValues) => ({
    ...input(name),
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }),
  });

  const close = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
    if (!next) {
      setValues(emptyCampaignForm());
      setSubmitted(false);
      setServerError(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(validateCampaignForm(values)).length > 0) return;
    try {
      let advertiserId = Number(values.advertiserId);
      if (values.advertiserMode === 'new') {
        const advertiser = await createAdvertiser.mutateAsync(toAdvertiserInput(values));
        advertiserId = advertiser.id;
        // Sent again after a refused campaign, the advertiser is not created twice.
        change({ advertiserMode: 'existing', advertiserId: String(advertiser.id) });
      }
      await createCampaign.mutateAsync(toCampaignInput(values, advertiserId));
      close(false);
    } catch (error) {
      if (!isUnauthorizedError(error)) setServerError(failureText(error));
    }
  };

  const videoList = videos.data ?? [];
  const toggle = <T extends string>(list: T[], item: T) =>
    list.includes(item) ? list.filter((value) => value !== item) : [...list, item];

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="New Campaign"
      description="Who pays, what it bids, when and to whom it is shown, and the ad itself."
      className="max-w-2xl"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
        <Fieldset legend="Advertiser">
          <div
            role="radiogroup"
            aria-label="New or existing advertiser"
            className="flex gap-4 text-sm sm:col-span-2"
          >
            {(['existing', 'new'] as const).map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-fg">
                <input
                  type="radio"
                  name={`${id}-advertiser-mode`}
                  checked={values.advertiserMode === mode}
                  onChange={() => change({ advertiserMode: mode })}
                  className="accent-accent"
                />
                {mode === 'existing' ? 'Existing advertiser' : 'New advertiser'}
              </label>
            ))}
          </div>
          {values.advertiserMode === 'existing' ? (
            <FormField
              id={field('advertiserId')}
              label="Advertiser"
              error={errors.advertiserId}
              className="sm:col-span-2"
              hint={advertisers.isError ? 'The advertisers could not be loaded.' : undefined}
            >
              <select {...text('advertiserId')}>
                <option value="">{advertisers.isPending ? 'Loading...' : 'Choose an advertiser'}</option>
                {(advertisers.data ?? []).map((advertiser) => (
                  <option key={advertiser.id} value={advertiser.id}>
                    {advertiser.name}
                  </option>
                ))}
              </select>
            </FormField>
          ) : (
            <>
              <FormField id={field('advertiserName')} label="Advertiser name" error={errors.advertiserName}>
                <input {...text('advertiserName')} maxLength={CAMPAIGN_LIMITS.nameMax + 20} />
              </FormField>
              <FormField
                id={field('advertiserWebsite')}
                label="Website (optional)"
                error={errors.advertiserWebsite}
              >
                <input {...text('advertiserWebsite')} type="url" placeholder="https://" />
              </FormField>
            </>
          )}
        </Fieldset>

        <Fieldset legend="Campaign">
          <FormField id={field('name')} label="Campaign name" error={errors.name} className="sm:col-span-2">
            <input {...text('name')} maxLength={CAMPAIGN_LIMITS.nameMax + 20} />
          </FormField>
          <FormField id={field('budget')} label="Budget (USD)" error={errors.budget} hint="$1 to $1,000,000">
            <input {...text('budget')} inputMode="decimal" />
          </FormField>
          <FormField id={field('cpm')} label="CPM bid (USD)" error={errors.cpm} hint="Per 1,000 impressions">
            <input {...text('cpm')} inputMode="decimal" />
          </FormField>
          <FormField id={field('startsAt')} label="Starts" error={errors.startsAt}>
            <input {...text('startsAt')} type="datetime-local" />
          </FormField>
          <FormField id={field('endsAt')} label="Ends" error={errors.endsAt}>
            <input {...text('endsAt')} type="datetime-local" />
          </FormField>
          <FormField id={field('delivery')} label="Delivery">
            <select {...text('delivery')}>
              {CAMPAIGN_DELIVERIES.map((delivery) => (
                <option key={delivery} value={delivery}>
                  {DELIVERY_LABELS[delivery]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={field('status')} label="Status">
            <select {...text('status')}>
              {NEW_CAMPAIGN_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id={field('capPerViewerDay')}
            label="Per viewer per day"
            error={errors.capPerViewerDay}
            hint="Impressions, 1 to 100"
          >
            <input {...text('capPerViewerDay')} inputMode="numeric" />
          </FormField>
          <FormField
            id={field('capPerSession')}
            label="Per film session"
            error={errors.capPerSession}
            hint="Impressions, 1 to 10"
          >
            <input {...text('capPerSession')} inputMode="numeric" />
          </FormField>
        </Fieldset>

        <Fieldset legend="Targeting" hint="Left empty, a field matches everyone.">
          <ChoiceGroup label="Genres" className="sm:col-span-2">
            {GENRES.map((genre) => (
              <Choice
                key={genre}
                label={genre}
                checked={values.genres.includes(genre)}
                onChange={() => change({ genres: toggle(values.genres, genre) })}
              />
            ))}
          </ChoiceGroup>
          <FormField
            id={field('countries')}
            label="Countries"
            error={errors.countries}
            hint="Two-letter codes, e.g. US, GB"
          >
            <input {...text('countries')} />
          </FormField>
          <FormField
            id={field('interests')}
            label="Interests"
            error={errors.interests}
            hint="Separated by commas"
          >
            <input {...text('interests')} />
          </FormField>
          <FormField id={field('ageMin')} label="Youngest age" error={errors.ageMin} hint="13 to 120">
            <input {...text('ageMin')} inputMode="numeric" />
          </FormField>
          <FormField id={field('ageMax')} label="Oldest age" error={errors.ageMax} hint="13 to 120">
            <input {...text('ageMax')} inputMode="numeric" />
          </FormField>
          <ChoiceGroup label="Devices" className="sm:col-span-2">
            {AD_DEVICE_TYPES.map((device) => (
              <Choice
                key={device}
                label={device === 'tv' ? 'TV' : device[0]!.toUpperCase() + device.slice(1)}
                checked={values.deviceTypes.includes(device)}
                onChange={() => change({ deviceTypes: toggle(values.deviceTypes, device) })}
              />
            ))}
          </ChoiceGroup>
        </Fieldset>

        <Fieldset legend="Ad">
          <FormField id={field('creativeTitle')} label="Ad title" error={errors.creativeTitle}>
            <input {...text('creativeTitle')} maxLength={CAMPAIGN_LIMITS.creativeTitleMax + 20} />
          </FormField>
          <FormField id={field('creativeClickUrl')} label="Click URL" error={errors.creativeClickUrl}>
            <input {...text('creativeClickUrl')} type="url" placeholder="https://" />
          </FormField>
          <FormField
            id={field('creativeDescription')}
            label="Ad description"
            error={errors.creativeDescription}
            hint={`${values.creativeDescription.length}/${CAMPAIGN_LIMITS.creativeDescriptionMax}`}
            className="sm:col-span-2"
          >
            <textarea {...text('creativeDescription')} rows={2} />
          </FormField>
          <FormField
            id={field('creativeVideoUrl')}
            label="Video"
            error={errors.creativeVideoUrl}
            hint={
              videos.isError
                ? 'The ad videos could not be loaded.'
                : videos.isSuccess && videoList.length === 0
                  ? 'No ad videos are available.'
                  : undefined
            }
          >
            <select
              {...input('creativeVideoUrl')}
              value={values.creativeVideoUrl}
              onChange={(event) => {
                const video = videoList.find((item) => item.videoUrl === event.target.value);
                change({
                  creativeVideoUrl: event.target.value,
                  creativeDuration: video ? String(video.duration) : '',
                });
              }}
            >
              <option value="">{videos.isPending ? 'Loading...' : 'Choose a video'}</option>
              {videoList.map((video) => (
                <option key={video.videoUrl} value={video.videoUrl}>
                  {video.label} ({video.duration} s)
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id={field('creativeDuration')}
            label="Duration (seconds)"
            error={errors.creativeDuration}
            hint="The video's length"
          >
            <input {...text('creativeDuration')} readOnly />
          </FormField>
          <CreativeVideoUpload
            title={values.creativeTitle}
            onReady={(video) =>
              change({
                creativeVideoUrl: video.videoUrl,
                creativeDuration: video.duration === null ? '' : String(video.duration),
              })
            }
          />
        </Fieldset>

        {serverError ? (
          <p role="alert" className="rounded-xl bg-red-500/10 px-4 py-3 text-sm text-red-200">
            {serverError}
          </p>
        ) : null}
        {submitted && Object.keys(errors).length > 0 ? (
          <p className="text-sm text-red-300">Some fields need a look: see the messages above.</p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create Campaign'}
          </Button>
        </div>
      </form>
    </Dialog>
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
