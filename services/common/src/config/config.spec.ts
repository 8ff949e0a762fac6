import { baseConfigSchema, ConfigError, loadConfig } from './config';

const valid = {
  PORT: '3001',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kinora_auth',
  REDIS_URL: 'redis://127.0.0.1:6379',
  KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.2:9092',
};

test('a valid environment is parsed with defaults', () => {
  const sut = loadConfig(baseConfigSchema, valid);
  expect(sut.PORT).toBe(3001);
  expect(sut.KAFKA_BROKERS).toStrictEqual(['127.0.0.1:9092', '127.0.0.2:9092']);
  expect(sut.REDIS_PREFIX).toBe('kinora:');
  expect(sut.OTEL_EXPORTER_OTLP_ENDPOINT).toBe(undefined);
});

test('every bad variable is listed, not only the first', () => {
  let error: unknown;
  try {
    loadConfig(baseConfigSchema, {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x/y',
      KAFKA_BROKERS: 'no-port',
      LOG_LEVEL: 'loud',
    });
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const named = (error as ConfigError).problems.map((problem) => problem.split(':')[0]).sort();
  expect(named).toStrictEqual(['DATABASE_URL', 'KAFKA_BROKERS', 'LOG_LEVEL', 'PORT', 'REDIS_URL']);
});
