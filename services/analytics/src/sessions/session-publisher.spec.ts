import type { KafkaService } from '@kinora/common';
import { PUBLISH_TIMEOUT_MS, SessionPublisher } from './session-publisher';

const update = {
  sessionId: '5b0e8a4c-9f55-4a77-9a39-2f1b7d1f2a01',
  filmId: 1n,
  endPosition: 30,
  totalWatchTime: 30,
  pauseCount: 0,
  seekCount: 0,
};

/** A KafkaService whose broker takes writes as `send` says. */
const kafkaWith = (send: () => Promise<unknown>) =>
  ({ producer: async () => ({ send }), topic: (name: string) => name }) as unknown as KafkaService;

describe('SessionPublisher', () => {
  afterEach(() => jest.useRealTimers());

  test('resolves once the broker has the write', async () => {
    const send = jest.fn(async () => []);
    await new SessionPublisher(kafkaWith(send), 'analytics').publish(update);
    expect(send).toHaveBeenCalledTimes(1);
  });

  test(`gives up on a write the broker has not taken within ${PUBLISH_TIMEOUT_MS / 1000} s`, async () => {
    jest.useFakeTimers();
    const publisher = new SessionPublisher(
      kafkaWith(() => new Promise(() => undefined)),
      'analytics',
    );
    const write = publisher.publish(update);
    const outcome = write.then(
      () => 'taken',
      (error: Error) => error.message,
    );
    await jest.advanceTimersByTimeAsync(PUBLISH_TIMEOUT_MS - 1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatch(/did not take the write/);
  });
});
