import { appRoutes } from '@bull-board/api/dist/routes.js';
import { requestSchemas } from '@bull-board/api/dist/schemas/index.js';
import type { OpenAPIObject } from '@nestjs/swagger';
import { PLATFORM_QUEUES } from '@kinora/common';
import { isOffered, JOBS_BOARD_PATH } from './jobs-board.adapter';

type Paths = OpenAPIObject['paths'];

const ERROR = { $ref: '#/components/schemas/ErrorResponseDto' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR } },
});

/** The query parameters of a board call, named by its own request schema. */
function queryParameters(name: string | undefined) {
  const schema = name ? (requestSchemas as Record<string, { entries?: object }>)[name] : undefined;
  return Object.keys(schema?.entries ?? {}).map((parameter) => ({
    name: parameter,
    in: 'query',
    required: false,
    schema: { type: 'string' },
  }));
}

function pathParameters(route: string) {
  return [...route.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'queueName' ? { type: 'string', enum: [...PLATFORM_QUEUES] } : { type: 'string' },
  }));
}

/**
 * The jobs view's JSON calls, as documented operations of admin: bull-board registers them on
 * Fastify itself, so no controller describes them; each is read from the library's own route table
 * (its summary, path and query parameters), for the offered calls only. Bodies are bull-board's.
 */
export function jobsBoardPaths(): Paths {
  const paths: Paths = {};
  for (const route of appRoutes.api.filter(isOffered)) {
    const method = route.method as 'get' | 'put';
    const path = `${JOBS_BOARD_PATH}${route.route as string}`.replace(/:(\w+)/g, '{$1}');
    const name = (route.route as string)
      .replace(/^\/api\//, '')
      .split(/[/:-]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('');
    // The board answers a call with no body (EmptyResponse) 204, any other 200.
    const empty = route.spec.response === 'EmptyResponse';
    paths[path] = {
      ...paths[path],
      [method]: {
        operationId: `JobsBoard_${method}${name}`,
        summary: route.spec.summary,
        tags: ['jobs'],
        parameters: [...pathParameters(route.route as string), ...queryParameters(route.spec.query)],
        responses: {
          [empty ? 204 : 200]: {
            description: `bull-board's ${route.spec.response}`,
            ...(empty ? {} : { content: { 'application/json': { schema: { type: 'object' } } } }),
          },
          400: errorResponse('Invalid input: the message names it.'),
          401: errorResponse('Not signed in.'),
          403: errorResponse('Signed in without the role this needs.'),
          404: errorResponse('No such queue or job.'),
        },
      },
    };
  }
  return paths;
}
