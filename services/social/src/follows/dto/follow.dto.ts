import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '@kinora/common';

/** Whether the caller follows the creator. */
export class FollowStatusDto {
  @ApiProperty()
  isFollowing!: boolean;
}

/** The caller's follow state after a follow or unfollow, with the creator's follower count. */
export class FollowResultDto extends FollowStatusDto {
  @ApiInteger()
  creatorId!: number;

  @ApiInteger({ minimum: 0 })
  followerCount!: number;
}

/** The creators the member follows, newest follow first: fetched once for every follow button. */
export class FollowedCreatorsDto {
  @ApiInteger({ isArray: true })
  creatorIds!: number[];
}
