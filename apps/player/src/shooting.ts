import { dueShootTask } from '@robot-ads/contracts/shooting/shooting.rules';
import type { DeviceShootTask } from '@robot-ads/contracts/shooting/shooting.schemas';
import { ApiError, ackShootTasks, registerShootPhoto, shootUploadForm, uploadWithForm } from './api';
import * as store from './store';

/*
 * Shooting tasks (docs/shooting.md): the schedule feed carries them; the player confirms them, and when
 * one is due (inside its window) while one of its plan's ads is on screen it captures the screen as a
 * JPEG. The photo goes to an outbox in IndexedDB first and leaves it only once the server registered
 * it, so a robot offline at the time uploads when it is back.
 */

export interface PendingShot {
  taskId: string;
  adId: string;
  /** unix seconds, the server's clock as the player keeps it */
  takenAt: number;
  type: string;
  bytes: ArrayBuffer;
}

export interface ShotStorage {
  all(): Promise<PendingShot[]>;
  put(shot: PendingShot): Promise<void>;
  remove(taskId: string): Promise<void>;
}

const KEY = 'shootOutbox';

/** The outbox in IndexedDB (one keyed value: photos are few and small). */
export const indexedDbShots: ShotStorage = {
  async all() {
    return (await store.load<PendingShot[]>(KEY)) ?? [];
  },
  async put(shot) {
    const list = ((await store.load<PendingShot[]>(KEY)) ?? []).filter((s) => s.taskId !== shot.taskId);
    await store.save(KEY, [...list, shot]);
  },
  async remove(taskId) {
    const list = (await store.load<PendingShot[]>(KEY)) ?? [];
    await store.save(
      KEY,
      list.filter((s) => s.taskId !== taskId),
    );
  },
};

export const dueTask = dueShootTask;

export interface ShotFlush {
  sent: number;
  dropped: number;
  left: number;
  error: unknown;
}

export class ShootingAgent {
  private tasks: DeviceShootTask[] = [];
  private readonly confirmed = new Set<string>();
  private readonly taken = new Set<string>();
  private flushing: Promise<ShotFlush> | null = null;
  private loaded: Promise<void>;

  constructor(
    private readonly token: string,
    private readonly storage: ShotStorage = indexedDbShots,
  ) {
    // Photos waiting from before a reload are not taken again.
    this.loaded = storage
      .all()
      .then((shots) => {
        for (const s of shots) this.taken.add(s.taskId);
      })
      .catch(() => undefined);
  }

  /** The tasks of the current schedule; new ones are confirmed (in progress -> ongoing). */
  async setTasks(tasks: readonly DeviceShootTask[]): Promise<void> {
    this.tasks = [...tasks];
    const fresh = tasks.filter((t) => t.state === 'inProgress' && !this.confirmed.has(t.id)).map((t) => t.id);
    if (fresh.length === 0) return;
    try {
      for (const id of await ackShootTasks(this.token, fresh)) this.confirmed.add(id);
    } catch {
      // Offline: confirmed at the next schedule.
    }
  }

  /** A task due for this ad now, if any. */
  due(adId: string, nowS: number): DeviceShootTask | null {
    return dueTask(this.tasks, adId, nowS, this.taken);
  }

  /**
   * The ad `adId` is on screen: when a task is due, capture the screen, keep the photo in the outbox
   * and try to send it. True when a photo was taken.
   */
  async onShow(adId: string, nowS: number, capture: () => Promise<Blob>): Promise<boolean> {
    await this.loaded;
    const task = this.due(adId, nowS);
    if (!task) return false;
    this.taken.add(task.id);
    try {
      const photo = await capture();
      await this.storage.put({
        taskId: task.id,
        adId,
        takenAt: nowS,
        type: photo.type || 'image/jpeg',
        bytes: await photo.arrayBuffer(),
      });
    } catch {
      // Capture failed (a tainted canvas, no memory): try again at the next showing.
      this.taken.delete(task.id);
      return false;
    }
    void this.flush();
    return true;
  }

  /** Sends every photo in the outbox; each leaves it once the server registered it (or refused it for good). */
  flush(): Promise<ShotFlush> {
    if (!this.flushing) {
      this.flushing = this.sendAll().finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async sendAll(): Promise<ShotFlush> {
    const shots = await this.storage.all();
    let sent = 0;
    let dropped = 0;
    for (const [i, shot] of shots.entries()) {
      try {
        const form = await shootUploadForm(this.token, shot.taskId);
        const ext = shot.type === 'image/png' ? 'png' : 'jpg';
        const key = `${form.dir}/picture/${crypto.randomUUID()}.${ext}`;
        await uploadWithForm(form, key, shot);
        await registerShootPhoto(this.token, { taskId: shot.taskId, key, takenAt: shot.takenAt, adId: shot.adId });
        await this.storage.remove(shot.taskId);
        sent++;
      } catch (error) {
        // The task is over, cancelled or unknown: this photo can never be registered.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
          await this.storage.remove(shot.taskId);
          dropped++;
          continue;
        }
        const left = shots.length - i;
        return { sent, dropped, left, error };
      }
    }
    return { sent, dropped, left: 0, error: null };
  }
}
