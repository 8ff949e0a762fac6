// Names for the API shapes the screens use. Every one is an alias of a schema generated from the
// services' OpenAPI documents (schema.gen.ts): nothing here describes a shape by hand.
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];

/** The current user (GET /api/auth/user, POST /api/auth/verify-code). */
export type User = Schemas['UserDto'];
export type SubscriptionType = Schemas['SubscriptionType'];

/** A film, as the film lists and GET /api/films/{id} return it. */
export type Film = Schemas['FilmDto'];
/** A WebP copy of a film's poster at one width (posterUrl is the JPEG fallback). */
export type PosterSource = Schemas['PosterSourceDto'];
export type FilmStatus = Schemas['FilmStatus'];
/** The creator summary embedded in a film. */
export type FilmCreator = Schemas['CreatorSummaryDto'];
/** GET /api/films/trending: a film with its views of the trending window. */
export type TrendingFilm = Schemas['TrendingFilmDto'];
/** The filters GET /api/films accepts. */
export type FilmListQuery = NonNullable<operations['Films_list']['parameters']['query']>;
/** The query GET /api/films/search accepts. */
export type FilmSearchQuery = operations['Films_search']['parameters']['query'];
/** POST /api/films/{id}/view: the film's view count (a Play press is never counted itself). */
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

/** GET /api/user/likes: the member's liked film ids. */
export type LikedFilms = Schemas['LikedFilmsDto'];
/** POST /api/films/{id}/like and /unlike: the caller's like and the film's like count after it. */
export type FilmLike = Schemas['FilmLikeDto'];
/** GET /api/films/{id}/likes: a film's like count. */
export type FilmLikeCount = Schemas['FilmLikeCountDto'];

/** GET /api/user/follows: the creators the member follows. */
export type FollowedCreators = Schemas['FollowedCreatorsDto'];
/** The follow calls: the caller's follow and the creator's follower count after it. */
export type FollowResult = Schemas['FollowResultDto'];

/** An entry of a member's list, with the film's summary. */
export type ListEntry = Schemas['ListEntryDto'];
export type ListType = ListEntry['listType'];
/** The lists POST /api/user/lists and DELETE /api/user/lists/{listType}/{filmId} write. */
export type WritableListType = Schemas['AddToListDto']['listType'];

/** A critic in the list form (GET /api/critics, GET /api/creators?type=critic). */
export type Critic = Schemas['CriticDto'];
/** GET /api/critics/{id}: the list form with the critic's newest reviews. */
export type CriticProfile = Schemas['CriticProfileDto'];
/** A critic's review of a film, with the critic and the film summary. */
export type CriticReview = Schemas['CriticReviewDto'];
/** POST /api/films/{id}/critic-reviews: a title, a rating 1–10 and a text. */
export type WriteCriticReviewInput = Schemas['WriteCriticReviewDto'];
/** One of a critic's highest-rated films. */
export type CriticRecommendation = Schemas['CriticRecommendationDto'];
/** GET /api/critics/dashboard: the signed-in critic's figures. */
export type CriticDashboard = Schemas['CriticDashboardDto'];
export type CriticFollowResult = Schemas['CriticFollowResultDto'];
/** GET /api/critics/invitation/{token}: the invited address. */
export type CriticInvitation = Schemas['InvitationDto'];
/** POST /api/critics/accept-invitation. */
export type AcceptInvitationInput = Schemas['AcceptInvitationDto'];
export type CriticProfileInput = Schemas['CriticProfileInputDto'];
export type InvitationAccepted = Schemas['InvitationAcceptedDto'];
export type InvitationSent = Schemas['InvitationSentDto'];

/** One of the member's in-app notifications (GET /api/notifications). */
export type Notification = Schemas['NotificationDto'];
export type UnreadCount = Schemas['UnreadCountDto'];

/** GET /api/recommendations/home: the home page's recommended rows, and whether they are the member's own. */
export type HomeRecommendations = Schemas['HomeRecommendationsDto'];
/** A recommended row: its title, why it is there and its film ids, best first (GET /api/films?ids= gives the cards). */
export type RecommendationRow = Schemas['RecommendationRowDto'];
export type RecommendationRowKind = Schemas['RecommendationRowKind'];
/** GET and PUT /api/recommendations/settings: whether recommendations learn from the member. */
export type RecommendationSettings = Schemas['RecommendationSettingsDto'];

/** A film's AI disclosure: tools, parts made with them, real likeness and consent, notes. */
export type AiDisclosure = Schemas['AiDisclosureDto'];
export type AiDisclosureInput = Schemas['AiDisclosureInputDto'];
/** A caption track of a film (language tag and the label the CC menu shows). */
export type FilmCaption = Schemas['FilmCaptionDto'];
/** A WebVTT caption file sent by a creator. */
export type CaptionInput = Schemas['CaptionInputDto'];
/** One of the signed-in creator's films, in any status, with its media's progress and review reason. */
export type StudioFilm = Schemas['StudioFilmDto'];
export type StudioMedia = Schemas['StudioMediaDto'];
/** POST /api/studio/films: a finished upload with the film's details. */
export type CreateStudioFilmInput = Schemas['CreateStudioFilmDto'];
/** PATCH /api/studio/films/{id}: any of the details. */
export type UpdateStudioFilmInput = Schemas['UpdateStudioFilmDto'];
/** GET /api/admin/stats: films awaiting review and open reports. */
export type AdminStats = Schemas['AdminStatsDto'];
/** A film in the review queue (GET /api/admin/films/pending), with its creator and AI disclosure. */
export type PendingFilm = Schemas['PendingFilmDto'];
/** PATCH /api/admin/films/{filmId}/status: publish, or archive with a reason. */
export type DecideFilmInput = Schemas['DecideFilmDto'];
export type FilmDecision = Schemas['FilmDecisionDto'];
/** A member's report of a film or a review, as the admin queue and POST /api/reports return it. */
export type Report = Schemas['ReportDto'];
/** POST /api/reports. */
export type CreateReportInput = Schemas['CreateReportDto'];
/** PATCH /api/admin/reports/{id}: resolve or dismiss, with an optional note. */
export type CloseReportInput = Schemas['CloseReportDto'];
/** A creator as the admins' list (GET /api/admin/creators) shows it, suspended or not. */
export type AdminCreator = Schemas['AdminCreatorDto'];
/** GET /api/admin/creators: a name or address search, the standing filters and the page. */
export type AdminCreatorsQuery = NonNullable<operations['AdminCreators_list']['parameters']['query']>;
/** An account as the admins' Users tab (GET /api/auth/users) shows it. */
export type AdminAccount = Schemas['AccountDto'];
/** An entry of the audit log (GET /api/admin/audit). */
export type AuditEntry = Schemas['AuditEntryDto'];
export type AuditAction = Schemas['AuditAction'];
/** GET /api/admin/audit: the filters and the page. */
export type AuditQuery = NonNullable<operations['Audit_list']['parameters']['query']>;
export type WaitlistEntry = Schemas['WaitlistEntryDto'];
export type FeedbackEntry = Schemas['FeedbackEntryDto'];

/** POST /api/analytics/viewing-session: the player started. */
export type StartViewingSessionInput = Schemas['StartViewingSessionDto'];
/** The 202 answer: the session id and the token every update of it sends back. */
export type ViewingSessionAccepted = Schemas['ViewingSessionAcceptedDto'];
/** PATCH /api/analytics/viewing-session/{sessionId}: progress, or the end with sessionEndTime. */
export type UpdateViewingSessionInput = Schemas['UpdateViewingSessionDto'];
/** A stretch of the film played without a seek, in seconds. */
export type WatchedRange = Schemas['WatchedRangeDto'];
/** A film the member watched (GET /api/analytics/history). */
export type WatchHistoryEntry = Schemas['WatchHistoryEntryDto'];
/** GET /api/analytics/creator/{id}: a creator's figures. */
export type CreatorAnalytics = Schemas['CreatorAnalyticsDto'];
/** One film of the creator with its views, watch time and retention. */
export type CreatorFilmFigures = Schemas['CreatorFilmFiguresDto'];
export type DailyFigures = Schemas['DailyFiguresDto'];
export type CountryShare = Schemas['CountryShareDto'];
export type DeviceShare = Schemas['DeviceShareDto'];
export type AnalyticsInsight = Schemas['InsightDto'];
/** GET /api/analytics/admin: platform figures, costs, growth and top performers. */
export type PlatformAnalytics = Schemas['PlatformAnalyticsDto'];
export type PlatformStats = Schemas['PlatformStatsDto'];
export type RevenueMetrics = Schemas['RevenueMetricsDto'];
export type GrowthMetrics = Schemas['GrowthMetricsDto'];
export type TopPerformers = Schemas['TopPerformersDto'];
export type ViewingGrowth = Schemas['ViewingGrowthDto'];
/** One row kind's recommendation rows in the period: sessions shown, sessions opened from, their ratio. */
export type RowClickThrough = Schemas['RowClickThroughDto'];

/** A film's ad break (GET /api/ads/placements/{filmId}): its position in seconds and its type. */
export type AdPlacement = Schemas['PlacementDto'];
export type AdPlacementType = AdPlacement['placementType'];
/** POST /api/ads/select: the break an ad is asked for. */
export type SelectAdInput = Schemas['SelectAdDto'];
/** The ad POST /api/ads/select chose, with the token its tracking events send back. */
export type SelectedAd = Schemas['AdDto'];
/** POST /api/ads/view: what the viewer did with an ad. */
export type RecordAdViewInput = Schemas['RecordAdViewDto'];
export type AdEventKind = RecordAdViewInput['event'];
/** An advertiser (GET /api/ads/advertisers) and POST /api/ads/advertisers's input. */
export type Advertiser = Schemas['AdvertiserDto'];
export type CreateAdvertiserInput = Schemas['CreateAdvertiserDto'];
/** A campaign with its targeting, creatives, spend and pacing (GET /api/ads/campaigns). */
export type Campaign = Schemas['CampaignDto'];
export type CampaignStatus = Campaign['status'];
export type CampaignPacing = Campaign['pacing'];
export type CampaignDelivery = Campaign['delivery'];
/** Who a campaign is shown to, as POST /api/ads/campaigns takes it. */
export type CampaignTargetingInput = Schemas['TargetingInputDto'];
export type AdDeviceType = Schemas['TargetingDto']['deviceTypes'][number];
/** POST /api/ads/campaigns and PATCH /api/ads/campaigns/{id}. */
export type CreateCampaignInput = Schemas['CreateCampaignDto'];
export type UpdateCampaignInput = Schemas['UpdateCampaignDto'];
export type CreativeInput = Schemas['CreateCreativeDto'];
/** One of the seeded ad videos a creative may use (GET /api/ads/creative-videos). */
export type CreativeVideo = Schemas['CreativeVideoDto'];
/** An admin's uploaded ad video being made into a creative video (POST/GET /api/creative-uploads). */
export type CreativeUpload = Schemas['CreativeUploadDto'];
export type CreateCreativeUploadInput = Schemas['CreateCreativeUploadDto'];
/** An entry of the Recent Optimizations log (GET /api/ads/optimizations). */
export type AdOptimization = Schemas['OptimizationDto'];
/** The advertising figures of GET /api/analytics/admin. */
export type AdMetrics = Schemas['AdMetricsDto'];
/** GET /api/analytics/creator/{id}/revenue: the creator's share of the ad revenue of their films. */
export type CreatorRevenue = Schemas['CreatorRevenueDto'];
