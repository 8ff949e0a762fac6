import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type FeedbackInput = { name?: string; email: string; vision: string };

/** POST /api/feedback {name, email, vision}; only the OK status is checked. A blank name is left out. */
export const sendFeedback = ({ name, email, vision }: FeedbackInput): Promise<unknown> =>
  api.post<unknown>('/api/feedback', { ...(name?.trim() ? { name: name.trim() } : {}), email, vision });

/** Any failure shows the same message: the form has nothing more useful to say. */
export const FEEDBACK_ERROR = 'Something went wrong. Please try again.';

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
