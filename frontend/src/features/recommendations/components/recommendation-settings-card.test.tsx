import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { getHomeRecommendationsQueryOptions } from '../api/get-recommendations';
import { RecommendationSettingsCard } from './recommendation-settings-card';

const SETTINGS = 'GET /api/recommendations/settings';
const UPDATE = 'PUT /api/recommendations/settings';
const HINT =
  'Recommendations learn from what you watch, rate, like, save and follow. Turned off, you see what is trending instead.';

const personalisedSwitch = () => screen.getByRole('switch', { name: 'Personalised recommendations' });

describe('RecommendationSettingsCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the member’s setting with what it means', async () => {
    mockFetch({ [SETTINGS]: () => jsonResponse({ personalised: true }) });
    renderWithProviders(<RecommendationSettingsCard />);

    await waitFor(() => expect(personalisedSwitch()).toBeChecked());
    expect(personalisedSwitch()).toHaveAccessibleDescription(HINT);
  });

  it('sends the change, shows the server’s answer and refetches the home rows', async () => {
    const answer = deferred<Response>();
    const { bodiesSentTo } = mockFetch({
      [SETTINGS]: () => jsonResponse({ personalised: true }),
      [UPDATE]: () => answer.promise,
    });
    const { queryClient } = renderWithProviders(<RecommendationSettingsCard />);
    const homeKey = getHomeRecommendationsQueryOptions('u-1').queryKey;
    queryClient.setQueryData(homeKey, { personalised: true, rows: [] });
    await waitFor(() => expect(personalisedSwitch()).toBeChecked());

    await userEvent.click(personalisedSwitch());

    // While it is saved: the switch shows the change and waits.
    expect(personalisedSwitch()).not.toBeChecked();
    expect(personalisedSwitch()).toBeDisabled();
    expect(bodiesSentTo(UPDATE)).toEqual([{ personalised: false }]);

    answer.resolve(jsonResponse({ personalised: false }));
    await waitFor(() => expect(personalisedSwitch()).toBeEnabled());
    expect(personalisedSwitch()).not.toBeChecked();
    expect(await screen.findByText('Personalised recommendations off')).toBeInTheDocument();
    expect(queryClient.getQueryState(homeKey)?.isInvalidated).toBe(true);
  });

  it('goes back to the stored setting when the change fails', async () => {
    mockFetch({
      [SETTINGS]: () => jsonResponse({ personalised: false }),
      [UPDATE]: () =>
        jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'down' }, { status: 503 }),
    });
    renderWithProviders(<RecommendationSettingsCard />);
    await waitFor(() => expect(personalisedSwitch()).toBeEnabled());

    await userEvent.click(personalisedSwitch());

    expect(await screen.findByText('Could not change your recommendations setting')).toBeInTheDocument();
    expect(personalisedSwitch()).not.toBeChecked();
  });
});
