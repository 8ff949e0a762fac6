import type { User } from '@/lib/api/types';

type NamedUser = Pick<User, 'firstName' | 'lastName' | 'email'>;

/** Full name, else email, else 'User' (navigation bar, profile). */
export function getDisplayName(user: NamedUser): string {
  const fullName = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return fullName || user.email.trim() || 'User';
}

export function getInitials(user: NamedUser): string {
  const first = user.firstName?.trim()[0] ?? '';
  const last = user.lastName?.trim()[0] ?? '';
  const initials = `${first}${last}` || user.email.trim()[0] || 'U';
  return initials.toUpperCase();
}

export const isPremium = (user: Pick<User, 'subscriptionType'>): boolean =>
  user.subscriptionType === 'premium';

export const planLabel = (user: Pick<User, 'subscriptionType'>): string =>
  isPremium(user) ? 'Premium Member' : 'Free Member';

type Person = { firstName: string | null; lastName: string | null };

/** A creator's or reviewer's shown name: first and last name, else `fallback`. */
export function getPersonName(person: Person, fallback = 'Kinora Creator'): string {
  return (
    [person.firstName, person.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') || fallback
  );
}

export function getPersonInitials(person: Person, fallback = 'KC'): string {
  const initials = `${person.firstName?.trim()[0] ?? ''}${person.lastName?.trim()[0] ?? ''}`;
  return (initials || fallback).toUpperCase();
}
