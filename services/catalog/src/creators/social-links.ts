/** A creator's links as creators.social_links holds them: bare handles and the website URL. */
export interface SocialLinks {
  website?: string;
  twitter?: string;
  instagram?: string;
  youtube?: string;
}
