import { ApiProperty } from '@nestjs/swagger';

export class CriticFollowStatusDto {
  @ApiProperty()
  isFollowing!: boolean;
}

export class CriticFollowResultDto extends CriticFollowStatusDto {
  @ApiProperty({ type: 'integer' })
  criticId!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  followerCount!: number;
}

/** The critics the signed-in member follows, newest follow first. */
export class FollowedCriticsDto {
  @ApiProperty({ type: [Number] })
  criticIds!: number[];
}
