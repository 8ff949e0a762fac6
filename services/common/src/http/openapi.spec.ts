import { Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiProperty } from '@nestjs/swagger';
import { MAX_ID } from '@kinora/contracts';
import { createOpenApiDocument, IdParam, Responds } from './openapi';

class ThingDto {
  @ApiProperty()
  id!: number;
}

@Controller('things')
class ThingsController {
  @Post(':id/touch')
  @Responds({ ok: ThingDto, errors: [400, 404] })
  touch(@IdParam() id: number): ThingDto {
    return { id };
  }

  @Post()
  @Responds({ created: ThingDto })
  create(): ThingDto {
    return { id: 1 };
  }

  @Post('forget')
  @Responds({ noContent: { description: 'Forgotten.' } })
  forget(): void {}

  @Post('either')
  @HttpCode(202)
  @Responds({ ok: ThingDto, noContent: {} })
  either(): ThingDto {
    return { id: 2 };
  }

  @Get('films/:filmId')
  @Responds({ ok: ThingDto, errors: [400] })
  film(@IdParam('filmId') filmId: number): ThingDto {
    return { id: filmId };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('Responds and IdParam', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ThingsModule, new FastifyAdapter(), {
      logger: false,
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());

  const inject = (method: 'GET' | 'POST', url: string) =>
    app.getHttpAdapter().getInstance().inject({ method, url });

  test('a route answers with its one documented success status', async () => {
    expect((await inject('POST', '/things/12/touch')).statusCode).toBe(200);
    expect((await inject('POST', '/things')).statusCode).toBe(201);
    expect((await inject('POST', '/things/forget')).statusCode).toBe(204);
  });

  test('a route documenting two success statuses keeps its own @HttpCode', async () => {
    expect((await inject('POST', '/things/either')).statusCode).toBe(202);
  });

  test('IdParam parses the id and names the parameter when the id is not plain', async () => {
    expect((await inject('POST', '/things/12/touch')).json()).toEqual({ id: 12 });
    expect((await inject('POST', '/things/012/touch')).json()).toMatchObject({
      statusCode: 400,
      message: 'id must be a positive integer',
    });
    expect((await inject('GET', '/things/films/x')).json()).toMatchObject({
      statusCode: 400,
      message: 'filmId must be a positive integer',
    });
  });

  test('the document has the path id, the success body and the errors', async () => {
    const document = await createOpenApiDocument({ module: ThingsModule }, { title: 'things', version: '1' });
    const touch = document.paths['/things/{id}/touch'].post!;
    expect(touch.parameters).toEqual([
      { in: 'path', name: 'id', required: true, schema: { type: 'integer', minimum: 1, maximum: MAX_ID } },
    ]);
    expect(Object.keys(touch.responses)).toEqual(['200', '400', '404', '503']);
    expect(touch.responses[200]).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingDto' } } },
    });
    expect(document.paths['/things/films/{filmId}'].get!.parameters).toMatchObject([{ name: 'filmId' }]);
  });
});
