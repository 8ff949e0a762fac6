import type { FollowResultDto, FollowStatusDto } from './dto/follow.dto';

export function mapFollowStatus(isFollowing: boolean): FollowStatusDto {
  return { isFollowing };
}

export function mapFollowResult(
  creatorId: number,
  isFollowing: boolean,
  followerCount: number,
): FollowResultDto {
  return { creatorId, isFollowing, followerCount };
}
