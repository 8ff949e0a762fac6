import { isApiError } from '@/lib/api-client';

/** The server's own words for a failed studio call, else a plain sentence for its status. */
export function studioErrorText(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong. Check your connection and try again.';
  const message = error.serverMessage;
  // 503: the server says why it could not check the video right now.
  if (message && (error.status < 500 || error.status === 503)) return message;
  switch (error.status) {
    case 401:
      return 'You are signed out. Sign in again to continue.';
    case 403:
      return 'Only creators can do this. Set up your creator profile first.';
    case 404:
      return 'This film or upload no longer exists.';
    case 409:
      return 'This conflicts with the film as it is now. Reload and try again.';
    case 413:
      return 'This file is too large to upload.';
    case 422:
      return 'This file is not a video we can read.';
    default:
      return 'The server could not do this right now. Try again in a moment.';
  }
}
