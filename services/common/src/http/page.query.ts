import { LIST_LIMIT_MAX, LIST_OFFSET_MAX } from '@kinora/contracts';
import { IntegerField } from './dto-fields';

/** limit and offset of a list call (bounds in @kinora/contracts); each endpoint picks its default limit. */
export class PageQuery {
  @IntegerField(1, LIST_LIMIT_MAX, `limit must be an integer between 1 and ${LIST_LIMIT_MAX}`, {
    optional: true,
    query: true,
    description: 'Page size.',
  })
  limit?: number;

  @IntegerField(0, LIST_OFFSET_MAX, `offset must be an integer between 0 and ${LIST_OFFSET_MAX}`, {
    optional: true,
    query: true,
    default: 0,
  })
  offset?: number;
}
