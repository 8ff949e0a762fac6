import { BadRequestException } from '@nestjs/common';
import { CAPTION_VTT_MAX_BYTES } from '@kinora/contracts';
import type { AiDisclosureInputDto, CaptionInputDto } from './dto/studio-film-input.dto';
import { maxReleaseYear } from './dto/studio-film-input.dto';

/** Rules the DTO's decorators cannot say: a release year up to next year, consent with a likeness. */
export function checkDetails(dto: { releaseYear?: number; aiDisclosure?: AiDisclosureInputDto }): void {
  if (dto.releaseYear !== undefined && dto.releaseYear > maxReleaseYear()) {
    throw new BadRequestException(`releaseYear must not be after ${maxReleaseYear()}`);
  }
  if (dto.aiDisclosure?.realLikeness && !dto.aiDisclosure.likenessConsent) {
    throw new BadRequestException(
      "aiDisclosure.likenessConsent must be true when real people's likeness or voices appear",
    );
  }
}

export function checkCaptions(captions: CaptionInputDto[]): void {
  captions.forEach((caption, index) => {
    if (Buffer.byteLength(caption.vtt, 'utf8') > CAPTION_VTT_MAX_BYTES) {
      throw new BadRequestException(`captions.${index}.vtt is larger than 1 MB`);
    }
  });
}

/** films.ai_disclosure as stored, in JSON. */
export function storedDisclosure(input: AiDisclosureInputDto): string {
  return JSON.stringify({
    tools: input.tools,
    parts: input.parts,
    realLikeness: input.realLikeness,
    likenessConsent: input.likenessConsent,
    notes: input.notes ? input.notes : null,
  });
}
