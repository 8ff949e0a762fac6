/** The columns of a person's names and avatar, as reviews, critics and critic reviews select them. */
interface ProfileColumns {
  first_name: unknown;
  last_name: unknown;
  profile_image_url: unknown;
}

/** The names and avatar a person is shown with (a reviewer, a critic). */
export function mapProfile<R extends ProfileColumns>(
  row: R,
): { firstName: R['first_name']; lastName: R['last_name']; profileImageUrl: R['profile_image_url'] } {
  return { firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url };
}
