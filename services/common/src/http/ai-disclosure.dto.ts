import { ApiProperty } from '@nestjs/swagger';
import { ApiNullableString } from './dto-fields';
import { AI_PARTS } from '@kinora/contracts';

/**
 * How generative AI was used in a film, as its creator declared it. Shared by catalog's films and
 * admin's review queue, so the API documents hold one schema.
 */
export class AiDisclosureDto {
  @ApiProperty({ type: [String], description: 'The generative tools used (empty: none).' })
  tools!: string[];

  @ApiProperty({
    enum: AI_PARTS,
    enumName: 'AiPart',
    isArray: true,
    description: 'The parts made with them.',
  })
  parts!: string[];

  @ApiProperty({ description: "Real people's likeness or voices appear." })
  realLikeness!: boolean;

  @ApiProperty({ description: 'Those people consented (always true when realLikeness is).' })
  likenessConsent!: boolean;

  @ApiNullableString()
  notes!: string | null;
}
