/**
 * The wizard's one form: the profile step's fields (creatorProfileSchema in the create-creator API,
 * which the wizard validates them with) and the agreement step's two boxes.
 */
export type OnboardingValues = {
  bio: string;
  website: string;
  twitter: string;
  instagram: string;
  youtube: string;
  acceptedTerms: boolean;
  acceptedGuidelines: boolean;
};
