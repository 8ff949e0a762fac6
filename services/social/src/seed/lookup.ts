import type { Community, Ids, Step } from './community';
import type { SeedRepository } from './seed.repository';

/** What social knows so far: members by key, published films by title, creators by key. */
export async function lookup(
  seeded: SeedRepository,
  community: Community,
  /** The demo catalog's creators by key: their address and the titles of their films. */
  creatorsByKey: Map<string, { email: string; films: string[] }>,
) {
  const users = await seeded.knownUsers();
  const userByEmail = new Map(users.map((user) => [user.email.toLowerCase(), user.id]));
  const films = await seeded.publishedFilms();
  const filmByTitle = new Map(films.map((film) => [film.title, film.id]));
  const creators = await seeded.creators();
  const creatorByEmail = new Map(creators.map((creator) => [creator.email.toLowerCase(), creator.id]));
  const critics = await seeded.critics();
  const criticByEmail = new Map(critics.map((critic) => [critic.email.toLowerCase(), critic.id]));
  const accounts = new Map(
    [...community.members, ...community.critics].map((account) => [account.key, account.email.toLowerCase()]),
  );
  const known = {
    member: (key: string) => userByEmail.get(accounts.get(key) ?? ''),
    film: (title: string) => filmByTitle.get(title),
    creator: (key: string) => creatorByEmail.get(creatorsByKey.get(key)?.email ?? ''),
    critic: (key: string) => criticByEmail.get(accounts.get(key) ?? ''),
  };
  const ready = (step: Step) =>
    step.members.every((key) => known.member(key) !== undefined) &&
    step.films.every((title) => known.film(title) !== undefined) &&
    step.creators.every((key) => known.creator(key) !== undefined) &&
    (step.critics ?? []).every((key) => known.critic(key) !== undefined);
  const ids: Ids = {
    member: (key) => known.member(key)!,
    film: (title) => known.film(title)!,
    creator: (key) => known.creator(key)!,
    critic: (key) => known.critic(key)!,
  };
  /**
   * Whether the step waits for a film not known here that the catalog has not published either, or
   * for a creator not known here none of whose films the catalog published (one the catalog seed
   * never registers: a creator outside the quick set).
   */
  const waitsForFilm = (step: Step, published: Set<string>) =>
    step.films.some((title) => known.film(title) === undefined && !published.has(title)) ||
    step.creators.some(
      (key) =>
        known.creator(key) === undefined &&
        !(creatorsByKey.get(key)?.films ?? []).some((title) => published.has(title)),
    );
  return { ready, waitsForFilm, ids };
}
