import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { isApiError } from './api-client';

/**
 * Which form field each field of a request body is, by the name the server's 400 gives it
 * (`{ 'socialLinks.twitter': 'twitter', website: 'website' }`).
 */
export type ServerFieldMap<T extends FieldValues> = Partial<Record<string, Path<T>>>;

/** A 400's messages: the JSON body's `message`, one string or the list a validation pipe sends. */
const messagesOf = (error: unknown): string[] => {
  if (!isApiError(error) || error.status !== 400) return [];
  const message = error.body?.message;
  const list = Array.isArray(message) ? message : [message];
  return list.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The form field a server message names: validation messages start with the body field
 * ("website must be an http(s) URL", "socialLinks.twitter must be…"); the longest name wins.
 */
export function fieldOfServerMessage<T extends FieldValues>(
  message: string,
  fields: ServerFieldMap<T>,
): Path<T> | null {
  const names = Object.keys(fields).sort((a, b) => b.length - a.length);
  const text = message.trim();
  const name = names.find((candidate) => new RegExp(`^${escape(candidate)}(?![\\w.])`).test(text));
  return name ? (fields[name] ?? null) : null;
}

/**
 * Puts a server 400 on the fields it names (react-hook-form's setError), and any message no field
 * owns on `root.server` with `fallback` when given. Answers the fields it set, in the order of the
 * messages (empty when the error is not a 400 or names no field).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ServerFieldMap<T>,
  { fallback = true }: { fallback?: boolean } = {},
): Path<T>[] {
  const set: Path<T>[] = [];
  const rest: string[] = [];
  for (const message of messagesOf(error)) {
    const field = fieldOfServerMessage(message, fields);
    if (field && !set.includes(field)) {
      setError(field, { type: 'server', message });
      set.push(field);
    } else if (!field) rest.push(message);
  }
  if (fallback && rest.length > 0) setError('root.server', { type: 'server', message: rest.join(', ') });
  return set;
}
