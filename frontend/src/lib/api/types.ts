// Names for the API shapes the screens use. Every one is an alias of a schema generated from the
// services' OpenAPI documents (schema.gen.ts): nothing here describes a shape by hand.
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];

/** The current user (GET /api/auth/user, POST /api/auth/verify-code). */
export type User = Schemas['UserDto'];
export type SubscriptionType = Schemas['SubscriptionType'];

/** A film, as the film lists and GET /api/films/{id} return it. */
export type Film = Schemas['FilmDto'];
export type FilmStatus = Schemas['FilmStatus'];
/** The creator summary embedded in a film. */
export type FilmCreator = Schemas['CreatorSummaryDto'];
/** GET /api/films/trending: a film with its views of the trending window. */
export type TrendingFilm = Schemas['TrendingFilmDto'];
/** The filters GET /api/films accepts. */
export type FilmListQuery = NonNullable<operations['Films_list']['parameters']['query']>;
/** The query GET /api/films/search accepts. */
export type FilmSearchQuery = operations['Films_search']['parameters']['query'];
/** POST /api/films/{id}/view: whether the view was counted, and the film's view count. */
export type FilmView = Schemas['FilmViewDto'];

/** A creator in the list form (GET /api/creators). */
export type Creator = Schemas['CreatorDto'];
/** GET /api/creators/{id} and POST /api/creators: the list form, contact address and stats. */
export type CreatorProfile = Schemas['CreatorProfileDto'];
export type CreateCreatorInput = Schemas['CreateCreatorDto'];
/** Handles are stored bare (no @); the website is a full URL. */
export type SocialLinks = Schemas['SocialLinksDto'];

/** A member's review of a film (GET/POST /api/films/{id}/reviews), with the reviewer. */
export type Review = Schemas['ReviewDto'];
export type Reviewer = Schemas['ReviewerDto'];
/** POST /api/films/{id}/reviews: rating 1–10 and a text that is not blank. */
export type WriteReviewInput = Schemas['WriteReviewDto'];

export type SendCodeInput = Schemas['SendCodeDto'];
export type VerifyCodeInput = Schemas['VerifyCodeDto'];
export type JoinWaitlistInput = Schemas['JoinWaitlistDto'];
export type FeedbackInput = Schemas['FeedbackDto'];
export type Message = Schemas['MessageDto'];
/** The JSON body of every HTTP error. */
export type ErrorResponse = Schemas['ErrorResponseDto'];
