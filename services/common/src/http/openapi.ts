import {
  applyDecorators,
  BadRequestException,
  HttpCode,
  Param,
  type DynamicModule,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { MAX_ID } from '@kinora/contracts';
import {
  ApiParam,
  ApiProperty,
  ApiResponse,
  DocumentBuilder,
  SwaggerModule,
  type ApiResponseNoStatusOptions,
  type OpenAPIObject,
} from '@nestjs/swagger';
import { ParseIdPipe } from './parse-id.pipe';

/** Every HTTP error body (see errors.ts): `message` is the human-readable cause. */
export class ErrorResponseDto {
  @ApiProperty({ type: 'integer', example: 400 })
  statusCode!: number;

  @ApiProperty({ description: 'The status reason phrase, or the cause where the client reads it.' })
  error!: string;

  @ApiProperty({ description: 'The human-readable cause; validation errors name the field.' })
  message!: string;
}

/** A plain confirmation, e.g. "Verification code sent". */
export class MessageDto {
  @ApiProperty()
  message!: string;
}

const ERROR_DESCRIPTIONS = {
  400: 'Invalid input: the message names the field.',
  401: 'Not signed in.',
  403: 'Signed in without the role this needs.',
  404: 'No such resource (or not visible to the caller).',
  409: 'Conflicts with the current state.',
  410: 'No longer valid (used up or expired).',
  413: 'The request body is larger than allowed.',
  415: 'The request body is not of a type this accepts.',
  429: 'Too many requests: try again later.',
  503: 'A service this call needs (its database, Redis, Kafka, the mail relay) is unavailable: try again after Retry-After seconds.',
} as const;
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** Documents the JSON error responses an operation can give. */
export function ApiErrorResponses(...statuses: ErrorStatus[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiErrorResponse(status, ERROR_DESCRIPTIONS[status])));
}

/** Documents one JSON error response, with a cause particular to the operation. */
export function ApiErrorResponse(status: number, description: string): MethodDecorator & ClassDecorator {
  return ApiResponse({ status, description, type: ErrorResponseDto });
}

/** Path ids: positive integers within a PostgreSQL integer column. */
export const ID_PARAM = {
  name: 'id',
  schema: { type: 'integer', minimum: 1, maximum: MAX_ID },
} as const;

/** A success response: its body's type (in brackets for a list), or the whole response options. */
export type SuccessResponse = Type<unknown> | [Type<unknown>] | ApiResponseNoStatusOptions;

const SUCCESS_STATUSES = { ok: 200, created: 201, accepted: 202, noContent: 204 } as const;

export type Responses = { [K in keyof typeof SUCCESS_STATUSES]?: SuccessResponse } & {
  errors?: ErrorStatus[];
};

/**
 * Documents what a route answers: its success response and the JSON errors it can give. A route
 * with one success status also answers with it (@HttpCode), so the document and the route cannot
 * disagree; one with two (it picks at run time) keeps its own @HttpCode.
 */
export function Responds({ errors = [], ...successes }: Responses): MethodDecorator {
  const documented = Object.entries(successes).map(([kind, response]) => ({
    status: SUCCESS_STATUSES[kind as keyof typeof SUCCESS_STATUSES],
    ...(typeof response === 'function' || Array.isArray(response) ? { type: response } : response),
  }));
  return applyDecorators(
    ...(documented.length === 1 ? [HttpCode(documented[0].status)] : []),
    ...documented.map((response) => ApiResponse(response)),
    ApiErrorResponses(...errors),
  );
}

/** ParseIdPipe naming the parameter in its message, for ids not called `id`. */
class ParseNamedIdPipe extends ParseIdPipe {
  constructor(private readonly name: string) {
    super();
  }

  override transform(value: string): number {
    try {
      return super.transform(value);
    } catch {
      throw new BadRequestException(`${this.name} must be a positive integer`);
    }
  }
}

/**
 * A path id (`:id` unless named): parsed by ParseIdPipe and documented as ID_PARAM, in one place.
 * applyDecorators composes no parameter decorators, hence ApiParam handed the method's descriptor.
 */
export function IdParam(name = 'id'): ParameterDecorator {
  const parse = Param(name, name === 'id' ? ParseIdPipe : new ParseNamedIdPipe(name));
  const document = ApiParam({ ...ID_PARAM, name });
  return (target, key, index) => {
    parse(target, key, index);
    if (key !== undefined) document(target, key, Object.getOwnPropertyDescriptor(target, key)!);
  };
}

/**
 * A service's OpenAPI 3.1 document, from its controllers' decorators alone: the application is
 * created in Nest's preview mode (modules scanned, no provider instantiated), so no database,
 * Redis or Kafka is touched. Keys are sorted so regenerating gives a stable diff.
 */
export async function createOpenApiDocument(
  module: DynamicModule,
  info: { title: string; version: string; description?: string },
  /** Operations a library registers on Fastify itself (no controller to read them from). */
  fastifyRoutePaths: OpenAPIObject['paths'] = {},
): Promise<OpenAPIObject> {
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    const config = new DocumentBuilder()
      .setOpenAPIVersion('3.1.0')
      .setTitle(info.title)
      .setVersion(info.version)
      .setDescription(info.description ?? '')
      .addServer('/')
      .build();
    const document = SwaggerModule.createDocument(app, config, {
      operationIdFactory: (controllerKey, methodKey) =>
        `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
    });
    document.paths = { ...document.paths, ...fastifyRoutePaths };
    return sortKeys(toOpenApi31(withUnavailable(document))) as OpenAPIObject;
  } finally {
    await app.close();
  }
}

/**
 * Every operation may answer 503 while a dependency is away (errors.ts, isDependencyUnavailable):
 * documented on each, as the operations that name their own 503 already do. Every service's
 * document has ErrorResponseDto: each documents some JSON error.
 */
function withUnavailable(document: OpenAPIObject): OpenAPIObject {
  const response = {
    description: ERROR_DESCRIPTIONS[503],
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponseDto' } } },
  };
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
      const operation = item[method];
      if (operation)
        operation.responses = { ...operation.responses, 503: operation.responses[503] ?? response };
    }
  }
  return document;
}

/** OpenAPI 3.1 spells "nullable" as a JSON Schema type union; @nestjs/swagger writes the 3.0 form. */
function toOpenApi31(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi31);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([key, value]) => [
    key,
    toOpenApi31(value),
  ]);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  if (schema.nullable !== true) return schema;
  delete schema.nullable;
  if (typeof schema.type === 'string') {
    schema.type = [schema.type, 'null'];
    if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
    return schema;
  }
  const { description, ...rest } = schema;
  return { ...(description === undefined ? {} : { description }), oneOf: [rest, { type: 'null' }] };
}

function sortKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(sortKeys);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.keys(node as Record<string, unknown>)
      .sort()
      .map((key) => [key, sortKeys((node as Record<string, unknown>)[key])]),
  );
}
