import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '@kinora/common';

export class CriticFollowStatusDto {
  @ApiProperty()
  isFollowing!: boolean;
}

export class CriticFollowResultDto extends CriticFollowStatusDto {
  @ApiInteger()
  criticId!: number;

  @ApiInteger({ minimum: 0 })
  followerCount!: number;
}

/** The critics the signed-in member follows, newest follow first. */
export class FollowedCriticsDto {
  @ApiProperty({ type: [Number] })
  criticIds!: number[];
}
