import { KafkaJSRequestTimeoutError } from 'kafkajs';
import { version } from 'kafkajs/package.json';
import RequestQueue from 'kafkajs/src/network/requestQueue';
import { PATCHED_KAFKAJS_VERSION, patchKafkajsTimers, REQUEST_TIMEOUT_CHECK_MS } from './kafkajs-timers';

const silent = { debug: () => undefined, warn: () => undefined };
let correlationId = 0;

function request(sendRequest = jest.fn()) {
  const entry = {
    correlationId: ++correlationId,
    apiName: 'Metadata',
    apiKey: 3,
    apiVersion: 6,
    resolve: jest.fn(),
    reject: jest.fn(),
  };
  return { entry, expectResponse: true, sendRequest };
}

function queue(maxInFlightRequests: number | null = null): RequestQueue {
  return new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: true,
    clientId: 'test',
    broker: 'localhost:9092',
    logger: silent,
  });
}

beforeAll(() => patchKafkajsTimers());
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('the correction is written for the installed kafkajs (re-check upstream before changing either)', () => {
  expect(version).toBe(PATCHED_KAFKAJS_VERSION);
});

test('a connection with nothing pending and no throttle arms no timer after a response', () => {
  const sut = queue();
  const sent = request();
  sut.push(sent);
  expect(sent.sendRequest).toHaveBeenCalledTimes(1);

  sut.fulfillRequest({ correlationId: sent.entry.correlationId, payload: null, size: 0 });

  expect(sent.entry.resolve).toHaveBeenCalledTimes(1);
  expect(jest.getTimerCount()).toBe(0);
});

test('a request waiting for an in-flight slot goes out when the response before it arrives', () => {
  const sut = queue(1);
  const first = request();
  const second = request();
  sut.push(first);
  sut.push(second);
  expect(second.sendRequest).not.toHaveBeenCalled();

  sut.fulfillRequest({ correlationId: first.entry.correlationId, payload: null, size: 0 });
  expect(second.sendRequest).toHaveBeenCalledTimes(1);

  sut.fulfillRequest({ correlationId: second.entry.correlationId, payload: null, size: 0 });
  // The check queued with the waiting request runs once, and is not armed again.
  jest.advanceTimersByTime(1000);
  expect(jest.getTimerCount()).toBe(0);
});

test('a throttled request is sent when the throttle ends, and no timer is left afterwards', () => {
  const sut = queue();
  sut.maybeThrottle(200);
  const throttled = request();
  sut.push(throttled);
  expect(throttled.sendRequest).not.toHaveBeenCalled();

  jest.advanceTimersByTime(201);
  expect(throttled.sendRequest).toHaveBeenCalledTimes(1);

  sut.fulfillRequest({ correlationId: throttled.entry.correlationId, payload: null, size: 0 });
  jest.advanceTimersByTime(1000);
  expect(jest.getTimerCount()).toBe(0);
});

test('an unanswered request still times out, checked once a second', () => {
  const sut = queue();
  sut.scheduleRequestTimeoutCheck();
  const unanswered = request();
  sut.push(unanswered);

  jest.advanceTimersByTime(30_000);
  expect(unanswered.entry.reject).not.toHaveBeenCalled();
  jest.advanceTimersByTime(REQUEST_TIMEOUT_CHECK_MS);
  expect(unanswered.entry.reject).toHaveBeenCalledWith(expect.any(KafkaJSRequestTimeoutError));
  // The one interval that checks for time-outs, no more.
  expect(jest.getTimerCount()).toBe(1);
  sut.destroy();
});
