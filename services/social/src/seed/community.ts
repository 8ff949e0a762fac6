import type { INestApplicationContext } from '@nestjs/common';
import type { DemoProfile } from '@kinora/common';
import type { CriticExpertise } from '@kinora/contracts';
import { CriticReviewsService } from '../critic-reviews/critic-reviews.service';
import { CriticFollowsService } from '../critics/critic-follows.service';
import { CriticsService } from '../critics/critics.service';
import { InvitationsService } from '../critics/invitations.service';
import { FollowsService } from '../follows/follows.service';
import { LikesService } from '../likes/likes.service';
import { ListsService } from '../lists/lists.service';
import { ReviewsService } from '../reviews/reviews.service';
import { SeedRepository } from './seed.repository';

/** The demo community (demo-community.json). */
export interface DemoCritic extends DemoProfile {
  expertise: CriticExpertise[];
}

export interface Community {
  members: { key: string; email: string }[];
  critics: DemoCritic[];
  reviews: { member: string; film: string; rating: number; review: string }[];
  criticReviews: { critic: string; film: string; rating: number; title: string; review: string }[];
  likes: { member: string; films: string[] }[];
  follows: { member: string; creators: string[]; critics?: string[] }[];
  lists: { member: string; watchlist?: string[]; favorites?: string[] }[];
}

/**
 * One thing to seed: what it needs resolved first, and how to do it (idempotently). Members are
 * accounts by key, members' and critics' alike (a critic's account comes from their invitation).
 */
export interface Step {
  label: string;
  members: string[];
  films: string[];
  creators: string[];
  critics?: string[];
  apply: (ids: Ids) => Promise<void>;
}

export interface Ids {
  member: (key: string) => string;
  film: (title: string) => number;
  creator: (key: string) => number;
  critic: (key: string) => number;
}

/** Critics join as every critic does: an invitation, accepted with their profile. */
function criticSteps(app: INestApplicationContext, community: Community): Step[] {
  const invitations = app.get(InvitationsService);
  const critics = app.get(CriticsService);
  const seeded = app.get(SeedRepository);
  return community.critics.map((critic) => ({
    label: `critic ${critic.key}`,
    members: [],
    films: [],
    creators: [],
    apply: async () => {
      if (await seeded.hasCritic(critic.email.toLowerCase())) return;
      const { token } = await invitations.issue(critic.email.toLowerCase(), 'demo-seed');
      const { criticId } = await invitations.accept({
        token,
        userData: {
          firstName: critic.firstName,
          lastName: critic.lastName,
          bio: critic.bio,
          website: critic.website,
          expertise: critic.expertise,
          socialLinks: critic.socialLinks,
        },
      });
      // Verification is an editorial decision; the demo critics come verified or not.
      await critics.setVerified(criticId, critic.verified);
    },
  }));
}

export function steps(app: INestApplicationContext, community: Community): Step[] {
  const reviews = app.get(ReviewsService);
  const likes = app.get(LikesService);
  const follows = app.get(FollowsService);
  const lists = app.get(ListsService);
  const criticReviews = app.get(CriticReviewsService);
  const criticFollows = app.get(CriticFollowsService);
  const seeded = app.get(SeedRepository);
  const out: Step[] = criticSteps(app, community);
  for (const entry of community.reviews) {
    out.push({
      label: `review of "${entry.film}" by ${entry.member}`,
      members: [entry.member],
      films: [entry.film],
      creators: [],
      apply: async (ids) => {
        // A member's own later edit is theirs: an existing review is never overwritten.
        if (!(await seeded.hasReview(ids.film(entry.film), ids.member(entry.member)))) {
          await reviews.write(ids.film(entry.film), ids.member(entry.member), {
            rating: entry.rating,
            review: entry.review,
          });
        }
      },
    });
  }
  for (const entry of community.criticReviews) {
    out.push({
      label: `critic review of "${entry.film}" by ${entry.critic}`,
      members: [entry.critic],
      films: [entry.film],
      creators: [],
      apply: async (ids) => {
        if (!(await seeded.hasCriticReview(ids.film(entry.film), ids.critic(entry.critic)))) {
          const { critic, film, ...review } = entry;
          await criticReviews.write(ids.film(film), ids.member(critic), review);
        }
      },
      critics: [entry.critic],
    });
  }
  for (const entry of community.likes) {
    for (const film of entry.films) {
      out.push({
        label: `like of "${film}" by ${entry.member}`,
        members: [entry.member],
        films: [film],
        creators: [],
        apply: async (ids) => void (await likes.set(ids.film(film), ids.member(entry.member), true)),
      });
    }
  }
  for (const entry of community.follows) {
    for (const creator of entry.creators) {
      out.push({
        label: `follow of ${creator} by ${entry.member}`,
        members: [entry.member],
        films: [],
        creators: [creator],
        apply: async (ids) => void (await follows.set(ids.creator(creator), ids.member(entry.member), true)),
      });
    }
    for (const critic of entry.critics ?? []) {
      out.push({
        label: `follow of critic ${critic} by ${entry.member}`,
        members: [entry.member],
        films: [],
        creators: [],
        critics: [critic],
        apply: async (ids) =>
          void (await criticFollows.set(ids.critic(critic), ids.member(entry.member), true)),
      });
    }
  }
  for (const entry of community.lists) {
    for (const listType of ['watchlist', 'favorites'] as const) {
      for (const film of entry[listType] ?? []) {
        out.push({
          label: `${listType} entry "${film}" of ${entry.member}`,
          members: [entry.member],
          films: [film],
          creators: [],
          apply: async (ids) => void (await lists.add(ids.member(entry.member), ids.film(film), listType)),
        });
      }
    }
  }
  return out;
}
