import type { DeviceSchedule } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { dueShootTask } from '@robot-ads/contracts/shooting/shooting.rules';
import type { DeviceShootTask } from '@robot-ads/contracts/shooting/shooting.schemas';
import type { DeviceCaller } from './device-api';
import { screenPhoto, videoFrame } from './screen-photo';

/*
 * Shooting tasks for the headless robots (docs/shooting.md): they confirm the tasks of their schedule
 * and, when a task's ad plays inside its window, answer with a photo of the screen showing that ad
 * (screen-photo.ts: its picture or a video frame in a bezel, stamped with robot, place and time)
 * uploaded with the signed form.
 */

/** What the robot knows of itself and shows: its place and zone, and the still of an ad's main material. */
export interface ShooterContext {
  place: string;
  timeZone: string;
  /** The picture on screen while the ad plays (its main material, a video's frame), or null. */
  stillOf(adId: string): Promise<Buffer | null>;
}

/**
 * The still of an ad as its screen shows it: the main material of its first screen (template 2: slot 2,
 * the main area under the banner), fetched from its schedule link; a video gives its frame at 1 s.
 */
export async function stillOfAd(
  schedule: DeviceSchedule | null,
  adId: string,
  fetchMedia: (url: string) => Promise<Buffer>,
): Promise<Buffer | null> {
  const ad = schedule?.plans.flatMap((p) => p.ads).find((a) => a.id === adId);
  const slots = [...(ad?.screens[0]?.slots ?? [])].sort((a, b) => b.slot - a.slot);
  const media = schedule?.media.find((m) => m.id === slots[0]?.mediaId);
  if (!media) return null;
  const bytes = await fetchMedia(media.url);
  return media.kind === 'video' ? videoFrame(bytes) : bytes;
}

export class DeviceShooter {
  private tasks: DeviceShootTask[] = [];
  private readonly confirmed = new Set<string>();
  private readonly taken = new Set<string>();

  constructor(
    private readonly robotId: string,
    private readonly api: DeviceCaller,
    private readonly base: string,
    private readonly context: ShooterContext,
  ) {}

  async setTasks(tasks: DeviceShootTask[]) {
    this.tasks = tasks;
    const fresh = tasks.filter((t) => t.state === 'inProgress' && !this.confirmed.has(t.id)).map((t) => t.id);
    if (fresh.length === 0) return;
    const r = await this.api('/api/device/v1/shootTasks/ack', 'post', { ids: fresh });
    for (const id of r.body?.data.confirmed ?? []) this.confirmed.add(id);
  }

  /** An ad starts playing: when a task is due, photograph it. True when a photo was registered. */
  async onPlay(adId: string, nowS: number): Promise<boolean> {
    const task = dueShootTask(this.tasks, adId, nowS, this.taken);
    if (!task) return false;
    this.taken.add(task.id);
    try {
      const still = await this.context.stillOf(adId);
      if (!still) throw new Error('nothing on screen');
      const photo = await screenPhoto(still, {
        robotId: this.robotId,
        place: this.context.place,
        at: Math.floor(nowS),
        timeZone: this.context.timeZone,
      });
      const form = await this.api('/api/device/v1/shootTasks/uploadCredentials', 'post', { taskId: task.id });
      if (form.status !== 200 || !form.body) throw new Error(`upload form: HTTP ${form.status}`);
      const { dir, upload } = form.body.data;
      const key = `${dir}/picture/${crypto.randomUUID()}.jpg`;
      const body = new FormData();
      for (const [k, v] of Object.entries({ ...upload.fields, key, 'Content-Type': 'image/jpeg' })) body.append(k, v);
      body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const url = upload.url.startsWith('http') ? upload.url : `${this.base}${upload.url}`;
      const posted = await fetch(url, { method: 'POST', body });
      if (!posted.ok) throw new Error(`upload: HTTP ${posted.status}`);
      const registered = await this.api('/api/device/v1/shootTasks/photo', 'post', {
        taskId: task.id,
        key,
        takenAt: Math.floor(nowS),
        adId,
      });
      if (registered.status !== 200) throw new Error(`photo: HTTP ${registered.status}`);
      return true;
    } catch {
      // Try again at the next play of the ad within the window.
      this.taken.delete(task.id);
      return false;
    }
  }
}
