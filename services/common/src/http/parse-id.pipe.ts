import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';

/** Largest id a PostgreSQL integer (serial) column holds. */
const MAX_ID = 2_147_483_647;

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
