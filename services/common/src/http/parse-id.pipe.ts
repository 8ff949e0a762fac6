import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import { MAX_ID } from '@kinora/contracts';

/** Path ids are positive integers in range, written plainly ("12", not "012", "1e3" or "12.0"). */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id > MAX_ID) {
      throw new BadRequestException('id must be a positive integer');
    }
    return id;
  }
}
