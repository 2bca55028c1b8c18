import type { App } from 'antd';

export type Feedback = ReturnType<typeof App.useApp>;

/**
 * The message / modal / notification instances of antd's <App> (App.useApp()), kept for code that runs
 * outside components (the API client, the socket). Set once by <FeedbackBridge> inside <App>.
 */
let instances: Feedback | null = null;

export function setFeedback(next: Feedback): void {
  instances = next;
}

export function feedback(): Feedback | null {
  return instances;
}
