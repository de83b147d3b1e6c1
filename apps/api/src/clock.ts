/** Milliseconds since the epoch. Injected everywhere expiry is judged, so tests can move time. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export const isoAt = (ms: number): string => new Date(ms).toISOString();
