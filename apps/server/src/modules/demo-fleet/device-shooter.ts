import { dueShootTask } from '@robot-ads/contracts/shooting/shooting.rules';
import type { DeviceShootTask } from '@robot-ads/contracts/shooting/shooting.schemas';
import sharp from 'sharp';

/*
 * Shooting tasks for the headless robots (docs/shooting.md): they confirm the tasks of their schedule
 * and, when a task's ad plays inside its window, answer with a generated picture (sharp: a coloured
 * screen with the robot, the ad and the time written on it) uploaded with the signed form.
 */

type Api = <T>(
  path: string,
  init?: { method?: string; body?: unknown },
) => Promise<{ status: number; body: { data: T } | null }>;

/** A 540x960 JPEG standing in for a photo of the screen. */
export async function generatedPhoto(robotId: string, adName: string, at: number): Promise<Buffer> {
  const hue = [...adName].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 0);
  const text = (s: string) => s.replace(/[<>&"']/g, ' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="540" height="960">
    <rect width="540" height="960" fill="hsl(${hue},60%,45%)"/>
    <text x="40" y="120" font-size="44" fill="#fff" font-family="sans-serif">${text(adName)}</text>
    <text x="40" y="880" font-size="28" fill="#fff" font-family="sans-serif">${text(robotId)}</text>
    <text x="40" y="920" font-size="24" fill="#fff" font-family="sans-serif">${new Date(at * 1000).toISOString()}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export class DeviceShooter {
  private tasks: DeviceShootTask[] = [];
  private readonly confirmed = new Set<string>();
  private readonly taken = new Set<string>();

  constructor(
    private readonly robotId: string,
    private readonly api: Api,
    private readonly base: string,
  ) {}

  async setTasks(tasks: DeviceShootTask[]) {
    this.tasks = tasks;
    const fresh = tasks.filter((t) => t.state === 'inProgress' && !this.confirmed.has(t.id)).map((t) => t.id);
    if (fresh.length === 0) return;
    const r = await this.api<{ confirmed: string[] }>('/api/device/v1/shootTasks/ack', {
      method: 'POST',
      body: { ids: fresh },
    });
    for (const id of r.body?.data.confirmed ?? []) this.confirmed.add(id);
  }

  /** An ad starts playing: when a task is due, photograph it. True when a photo was registered. */
  async onPlay(adId: string, adName: string, nowS: number): Promise<boolean> {
    const task = dueShootTask(this.tasks, adId, nowS, this.taken);
    if (!task) return false;
    this.taken.add(task.id);
    try {
      const photo = await generatedPhoto(this.robotId, adName, nowS);
      const form = await this.api<{ dir: string; upload: { url: string; fields: Record<string, string> } }>(
        '/api/device/v1/shootTasks/uploadCredentials',
        { method: 'POST', body: { taskId: task.id } },
      );
      if (form.status !== 200 || !form.body) throw new Error(`upload form: HTTP ${form.status}`);
      const { dir, upload } = form.body.data;
      const key = `${dir}/picture/${crypto.randomUUID()}.jpg`;
      const body = new FormData();
      for (const [k, v] of Object.entries({ ...upload.fields, key, 'Content-Type': 'image/jpeg' })) body.append(k, v);
      body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const url = upload.url.startsWith('http') ? upload.url : `${this.base}${upload.url}`;
      const posted = await fetch(url, { method: 'POST', body });
      if (!posted.ok) throw new Error(`upload: HTTP ${posted.status}`);
      const registered = await this.api('/api/device/v1/shootTasks/photo', {
        method: 'POST',
        body: { taskId: task.id, key, takenAt: Math.floor(nowS), adId },
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
