import { ApiProperty } from '@nestjs/swagger';
import { ApiNullableString } from './dto-fields';

/**
 * A member as the other services show them: the id and the names, which may be unknown for a
 * moment (the users read model has not heard of the account yet) or never given.
 */
export class NamedUserDto {
  @ApiProperty()
  id!: string;

  @ApiNullableString()
  firstName!: string | null;

  @ApiNullableString()
  lastName!: string | null;
}
