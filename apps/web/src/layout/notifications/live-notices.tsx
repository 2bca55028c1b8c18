import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';
import { describeNotification } from './describe';
import { connectLive } from './live-socket';
import { NOTIFICATION_PAGE_SIZE, useMarkRead, useMessages } from './notifications-api';

/** The ids of the messages already shown in this browser (the last SEEN_MAX). */
const SEEN_KEY = 'robot-ads-notices-shown';
const SEEN_MAX = 200;
function seenIds(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
export function wasShown(id: string): boolean {
  return seenIds().includes(id);
}
export function rememberShown(id: string): void {
  localStorage.setItem(SEEN_KEY, JSON.stringify([id, ...seenIds().filter((x) => x !== id)].slice(0, SEEN_MAX)));
}

/**
 * For accounts without the bell (spec section 6 keeps it for super, administrator and project): every
 * message still reaches its owner, as a notice on whatever page is open. Messages that arrived while the
 * user was away show at the next visit, and those arriving while the tab is hidden wait until it is seen.
 * A notice closes by itself after a few seconds (pointing at it holds it) so it never sits on a form. A
 * message is shown once: it is marked read as it shows, and its id is remembered in the browser, so a reload
 * (even before the server has the mark) does not show it again; only a new message shows (issue 38).
 */
export default function LiveNotices() {
  const { t } = useTranslation('common');
  const { notification } = useFeedback();
  const client = useQueryClient();
  const markRead = useMarkRead();
  const shown = useRef(new Set<string>());
  const unread = useMessages(false, 1, NOTIFICATION_PAGE_SIZE);

  const waiting = useRef<NotificationDto[]>([]);
  const show = useRef<(m: NotificationDto) => void>(() => {});
  show.current = (m: NotificationDto) => {
    if (m.isRead || shown.current.has(m.id) || wasShown(m.id)) return;
    if (document.visibilityState === 'hidden') {
      if (!waiting.current.some((w) => w.id === m.id)) waiting.current.push(m);
      return;
    }
    shown.current.add(m.id);
    rememberShown(m.id);
    markRead.mutate(m.id);
    const { title, text, tone } = describeNotification(t, m);
    notification.open({
      key: m.id,
      placement: 'bottomRight',
      type: tone,
      duration: 10,
      pauseOnHover: true,
      title,
      description: text,
    });
  };

  useEffect(() => {
    for (const m of [...(unread.data?.data ?? [])].reverse()) show.current(m);
  }, [unread.data]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'hidden') return;
      const queued = waiting.current;
      waiting.current = [];
      for (const m of queued) show.current(m);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(
    () =>
      connectLive({
        onMessage: (m) => {
          client.invalidateQueries({ queryKey: ['playlists'] });
          show.current(m);
        },
        onRead: () => {},
        onExpired: () => {},
        onUnknown: () => {},
      }),
    [client],
  );
  return null;
}
