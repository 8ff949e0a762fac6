import { describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-client';
import { applyServerErrors, fieldOfServerMessage } from './server-errors';

type Form = { bio: string; website: string; twitter: string; socialWebsite: string };

const FIELDS = {
  bio: 'bio',
  website: 'website',
  twitter: 'twitter',
  'socialLinks.twitter': 'twitter',
  'socialLinks.website': 'socialWebsite',
} as const;

const badRequest = (message: unknown) =>
  new ApiError(400, 'Bad Request', JSON.stringify({ message }), {
    statusCode: 400,
    error: 'Bad Request',
    message: message as string,
  });

describe('fieldOfServerMessage', () => {
  it('finds the field a validation message starts with, the longest name first', () => {
    expect(fieldOfServerMessage<Form>('socialLinks.twitter must be a handle like @name', FIELDS)).toBe(
      'twitter',
    );
    expect(fieldOfServerMessage<Form>('socialLinks.website must be a URL', FIELDS)).toBe('socialWebsite');
    expect(fieldOfServerMessage<Form>('  bio must be at most 500 characters', FIELDS)).toBe('bio');
    expect(fieldOfServerMessage<Form>('website must be an http(s) URL', FIELDS)).toBe('website');
  });

  it('names no field for other messages, or a longer name that starts the same', () => {
    expect(fieldOfServerMessage<Form>('Something else', FIELDS)).toBeNull();
    expect(fieldOfServerMessage<Form>('websiteUrl must be a URL', FIELDS)).toBeNull();
    expect(fieldOfServerMessage<Form>('socialLinks.tiktok is not allowed', FIELDS)).toBeNull();
  });
});

describe('applyServerErrors', () => {
  it('sets the named field with the server message', () => {
    const setError = vi.fn();
    expect(applyServerErrors<Form>(badRequest('website must be an http(s) URL'), setError, FIELDS)).toEqual([
      'website',
    ]);
    expect(setError).toHaveBeenCalledExactlyOnceWith('website', {
      type: 'server',
      message: 'website must be an http(s) URL',
    });
  });

  it('sets each field of a list of messages, the first message of a field only, the rest on the form', () => {
    const setError = vi.fn();
    const fields = applyServerErrors<Form>(
      badRequest(['bio must be shorter', 'bio must be text', 'socialLinks.twitter is bad', 'Nope', 'Again']),
      setError,
      FIELDS,
    );
    expect(fields).toEqual(['bio', 'twitter']);
    expect(setError.mock.calls).toEqual([
      ['bio', { type: 'server', message: 'bio must be shorter' }],
      ['twitter', { type: 'server', message: 'socialLinks.twitter is bad' }],
      ['root.server', { type: 'server', message: 'Nope, Again' }],
    ]);
  });

  it('falls back to the form-level message when no field is named, unless told not to', () => {
    const setError = vi.fn();
    expect(
      applyServerErrors<Form>(badRequest('videoUrl must be one of the videos'), setError, FIELDS),
    ).toEqual([]);
    expect(setError).toHaveBeenCalledExactlyOnceWith('root.server', {
      type: 'server',
      message: 'videoUrl must be one of the videos',
    });

    const quiet = vi.fn();
    applyServerErrors<Form>(badRequest('videoUrl must be one of the videos'), quiet, FIELDS, {
      fallback: false,
    });
    expect(quiet).not.toHaveBeenCalled();
  });

  it('leaves other errors alone: other statuses, bodies without a message, non-API errors', () => {
    const setError = vi.fn();
    expect(
      applyServerErrors<Form>(new ApiError(409, 'Conflict', '', { message: 'bio taken' }), setError, FIELDS),
    ).toEqual([]);
    expect(applyServerErrors<Form>(new ApiError(400, 'Bad Request', '', null), setError, FIELDS)).toEqual([]);
    expect(applyServerErrors<Form>(new Error('bio'), setError, FIELDS)).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
  });
});
