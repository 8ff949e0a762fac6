import { useMutation } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import type { FeedbackInput } from '@/lib/api/types';

/** POST /api/feedback {name, email, vision}; only the OK status is checked. A blank name is left out. */
export const sendFeedback = ({ name, email, vision }: FeedbackInput): Promise<unknown> =>
  unwrap(
    apiClient.POST('/api/feedback', {
      body: { ...(name?.trim() ? { name: name.trim() } : {}), email, vision },
    }),
  );

/** Any failure shows the same message: the form has nothing more useful to say. */
export const FEEDBACK_ERROR = 'Something went wrong. Please try again.';

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
