// The one kafkajs internal that kafkajs-timers.ts corrects (kafkajs ships no types for it).
declare module 'kafkajs/src/network/requestQueue' {
  interface SocketRequest {
    sentAt: number;
    requestTimeout: number;
    timeoutRequest(): void;
  }

  class RequestQueue {
    constructor(options: {
      maxInFlightRequests?: number | null;
      requestTimeout: number;
      enforceRequestTimeout: boolean;
      clientId: string;
      broker: string;
      logger: { debug(...args: unknown[]): void; warn(...args: unknown[]): void };
      isConnected?: () => boolean;
    });
    requestTimeout: number;
    enforceRequestTimeout: boolean;
    throttledUntil: number;
    pending: SocketRequest[];
    inflight: Map<number, SocketRequest>;
    requestTimeoutIntervalId?: NodeJS.Timeout;
    throttleCheckTimeoutId: NodeJS.Timeout | null;
    isConnected(): boolean;
    push(request: {
      entry: {
        correlationId: number;
        apiName: string;
        apiKey: number;
        apiVersion: number;
        resolve(value: unknown): void;
        reject(error: Error): void;
      };
      expectResponse: boolean;
      requestTimeout?: number;
      sendRequest(): void;
    }): void;
    fulfillRequest(response: { correlationId: number; payload: Buffer | null; size: number }): void;
    maybeThrottle(clientSideThrottleTime: number | null): void;
    scheduleRequestTimeoutCheck(): void;
    scheduleCheckPendingRequests(): void;
    destroy(): void;
  }

  export = RequestQueue;
}
