import { ApiProperty } from '@nestjs/swagger';
import { PLACEMENT_TYPES, type PlacementTypeName } from '../delivery-rules';

export class PlacementDto {
  @ApiProperty({ description: 'Seconds into the film.' })
  position!: number;

  @ApiProperty({ enum: PLACEMENT_TYPES })
  placementType!: PlacementTypeName;
}
