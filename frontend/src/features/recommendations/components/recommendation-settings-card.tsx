import { SwitchField } from '@/components/ui/form';
import { SkeletonLine } from '@/components/ui/skeleton';

import { useRecommendationSettings, useUpdateRecommendationSettings } from '../api/recommendation-settings';

const PERSONALISATION_HINT =
  'Recommendations learn from what you watch, rate, like, save and follow. Turned off, you see what is trending instead.';

/**
 * The member's "Personalised recommendations" switch (GET and PUT /api/recommendations/settings).
 * While a change is saved the switch shows it and waits; then it shows what the server stored.
 */
export function RecommendationSettingsCard() {
  const settings = useRecommendationSettings();
  const update = useUpdateRecommendationSettings();
  const personalised = update.isPending ? update.variables.personalised : settings.data?.personalised;

  return (
    <section
      aria-labelledby="recommendation-settings-heading"
      className="grid gap-3 rounded-xl border border-white/10 p-4"
    >
      <h2 id="recommendation-settings-heading" className="text-xl font-semibold text-fg">
        Recommendations
      </h2>
      {settings.isPending ? (
        <div aria-busy="true" aria-label="Loading your recommendations setting">
          <SkeletonLine text="sm" barClassName="w-56" />
          <SkeletonLine text="xs" className="mt-1" barClassName="w-full max-w-xl" />
        </div>
      ) : settings.isError ? (
        <p className="text-sm text-fg-subtle">Your recommendations setting could not be loaded.</p>
      ) : (
        <SwitchField
          label="Personalised recommendations"
          hint={PERSONALISATION_HINT}
          checked={personalised ?? false}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ personalised: event.target.checked })}
        />
      )}
    </section>
  );
}
