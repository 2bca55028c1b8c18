import { expect } from 'vitest';
import { bearer } from './auth';
import type { TestApp } from './build-app';

export interface OrderBooking {
  name: string;
  playlistId: string;
  robotIds: string[];
  weeks: number;
  /** Unix seconds; absent: the order begins at its approval. */
  begin?: number;
}

/** Books an order (POST /api/Orders) as the caller, in English; the test fails unless it is accepted. */
export async function bookOrder(t: TestApp, token: string, booking: OrderBooking) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Orders',
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload: booking,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; orderNo: string; amountFen: number };
}
