import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { toErrorBody } from './errors';

/**
 * For the calls whose `error` field the client shows (send-code, verify-code,
 * accept-invitation): 4xx bodies carry the human-readable cause in `error` as well as in `message`.
 * Interceptors wrap DTO validation, so validation failures get the same treatment.
 */
@Injectable()
export class CauseInErrorFieldInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((exception: unknown) => {
        const body = toErrorBody(exception);
        if (body.statusCode >= 400 && body.statusCode < 500) {
          throw new HttpException({ ...body, error: body.message }, body.statusCode);
        }
        throw exception;
      }),
    );
  }
}
