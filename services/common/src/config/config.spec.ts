import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseConfigSchema, ConfigError, loadConfig } from './config';

const valid = {
  PORT: '3001',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kinora_auth',
  REDIS_URL: 'redis://127.0.0.1:6379',
  KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.2:9092',
};

test('a valid environment is parsed with defaults', () => {
  const sut = loadConfig(baseConfigSchema, valid);
  assert.equal(sut.PORT, 3001);
  assert.deepEqual(sut.KAFKA_BROKERS, ['127.0.0.1:9092', '127.0.0.2:9092']);
  assert.equal(sut.REDIS_PREFIX, 'kinora:');
  assert.equal(sut.OTEL_EXPORTER_OTLP_ENDPOINT, undefined);
});

test('every bad variable is listed, not only the first', () => {
  assert.throws(
    () =>
      loadConfig(baseConfigSchema, {
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x/y',
        KAFKA_BROKERS: 'no-port',
        LOG_LEVEL: 'loud',
      }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      const named = error.problems.map((problem) => problem.split(':')[0]).sort();
      assert.deepEqual(named, ['DATABASE_URL', 'KAFKA_BROKERS', 'LOG_LEVEL', 'PORT', 'REDIS_URL']);
      return true;
    },
  );
});
