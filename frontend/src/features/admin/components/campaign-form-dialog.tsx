import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError, FormFooter } from '@/components/ui/form';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { isUnauthorizedError } from '@/lib/unauthorized';

import { useCreateCampaign } from '../api/ad-campaigns';
import { useCreateAdvertiser } from '../api/advertisers';
import {
  emptyCampaignForm,
  toAdvertiserInput,
  toCampaignInput,
  type CampaignFormValues,
} from '../utils/campaign-form';
import {
  ADVERTISER_SERVER_FIELDS,
  CAMPAIGN_SERVER_FIELDS,
  campaignFormSchema,
} from '../utils/campaign-schema';
import { AdFields, AdvertiserFields, CampaignFields, TargetingFields } from './campaign-form-fields';

const failureText = (error: unknown) =>
  (isApiError(error) && error.serverMessage) || 'The campaign could not be created. Try again.';

/**
 * New Campaign (docs/advertising.md): the advertiser (an existing one, or a new one created first),
 * the campaign's name, budget, CPM bid, flight, delivery, frequency caps, targeting and status, and
 * one creative whose video is one of the ads service's creative videos (its length filled in), or a
 * video uploaded here and chosen once processed.
 * Checked before sending; a refusal naming a field is shown beside it, any other as it is.
 */
export function CampaignFormDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const form = useForm<CampaignFormValues>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: emptyCampaignForm(),
  });
  const { errors, isSubmitted } = form.formState;
  const createAdvertiser = useCreateAdvertiser();
  const createCampaign = useCreateCampaign();
  const busy = createAdvertiser.isPending || createCampaign.isPending;
  const fieldErrors = Object.keys(errors).filter((name) => name !== 'root');

  const close = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
    if (!next) form.reset(emptyCampaignForm());
  };

  /** Puts a refusal on its field, or as the form's message; a 401 is the session handler's. */
  const refused = (error: unknown, fields: typeof CAMPAIGN_SERVER_FIELDS) => {
    if (isUnauthorizedError(error)) return;
    if (applyServerErrors(error, form.setError, fields, { fallback: false }).length === 0)
      form.setError('root.server', { message: failureText(error) });
  };

  const submit = form.handleSubmit(async (values) => {
    let advertiserId = Number(values.advertiserId);
    if (values.advertiserMode === 'new') {
      try {
        const advertiser = await createAdvertiser.mutateAsync(toAdvertiserInput(values));
        advertiserId = advertiser.id;
      } catch (error) {
        refused(error, ADVERTISER_SERVER_FIELDS);
        return;
      }
      // Sent again after a refused campaign, the advertiser is not created twice.
      form.setValue('advertiserMode', 'existing');
      form.setValue('advertiserId', String(advertiserId));
    }
    try {
      await createCampaign.mutateAsync(toCampaignInput(values, advertiserId));
      close(false);
    } catch (error) {
      refused(error, CAMPAIGN_SERVER_FIELDS);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="New Campaign"
      description="Who pays, what it bids, when and to whom it is shown, and the ad itself."
      className="max-w-2xl"
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
          <AdvertiserFields id={id} open={open} />
          <CampaignFields id={id} />
          <TargetingFields id={id} />
          <AdFields id={id} open={open} />

          <FormError message={errors.root?.server?.message} className="text-red-200" />
          {isSubmitted && fieldErrors.length > 0 ? (
            <p className="text-sm text-red-300">Some fields need a look: see the messages above.</p>
          ) : null}
          <FormFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Creating...' : 'Create Campaign'}
            </Button>
          </FormFooter>
        </form>
      </FormProvider>
    </Dialog>
  );
}
