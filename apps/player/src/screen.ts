import type { OverlayPosition } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { captureLayer } from './capture';

/**
 * The screen: a fixed-size stage (the robot's pixels, 1080x1920 by default) scaled to fit any window,
 * with two layers. The next item is built and loaded in the hidden layer while the current one plays,
 * then the layers swap in one frame, so there is never a black frame between items.
 */

export interface SlotContent {
  slot: number;
  kind: 'video' | 'picture';
  url: string;
}

export interface OverlayContent {
  url: string;
  position: OverlayPosition;
  role: 'qr' | 'watermark';
}

export interface Item {
  planId: string;
  adId: string;
  template: number;
  slots: SlotContent[];
  overlays: OverlayContent[];
  /** Seconds a picture item shows; a video item lasts until its video ends. */
  seconds: number;
}

export interface Prepared {
  item: Item;
  layer: HTMLElement;
  videos: HTMLVideoElement[];
}

/** Template 2: a 1080x600 banner (slot 1) over a 1080x1320 main area (slot 2), as fractions of 1920. */
const TEMPLATE_2 = { bannerFraction: 600 / 1920 };

export class Screen {
  readonly stage: HTMLElement;
  private layers: [HTMLElement, HTMLElement];
  private front = 0;

  constructor(
    private readonly root: HTMLElement,
    private width = 1080,
    private height = 1920,
  ) {
    this.stage = document.createElement('div');
    this.stage.className = 'stage';
    const a = document.createElement('div');
    const b = document.createElement('div');
    a.className = 'layer';
    b.className = 'layer';
    this.layers = [a, b];
    this.stage.append(a, b);
    root.append(this.stage);
    window.addEventListener('resize', () => this.fit());
    this.setSize(width, height);
  }

  setSize(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.stage.style.width = `${width}px`;
    this.stage.style.height = `${height}px`;
    this.fit();
  }

  /** Scales the stage to the window, letterboxed and centred. */
  fit() {
    const scale = Math.min(window.innerWidth / this.width, window.innerHeight / this.height);
    this.stage.style.transform = `translate(-50%, -50%) scale(${scale})`;
    this.root.dataset.scale = scale.toFixed(4);
  }

  private get back(): HTMLElement {
    return this.layers[1 - this.front] as HTMLElement;
  }

  /** Builds the item in the hidden layer and resolves once every picture is decoded and every video can play. */
  async prepare(item: Item): Promise<Prepared> {
    const layer = this.back;
    layer.replaceChildren();
    layer.classList.remove('visible');
    const videos: HTMLVideoElement[] = [];
    const loads: Promise<unknown>[] = [];
    const single = item.template !== 2 || item.slots.length < 2;
    for (const content of item.slots) {
      const box = document.createElement('div');
      box.className = 'slot';
      if (single) {
        box.style.top = '0';
        box.style.height = '100%';
      } else if (content.slot === 1) {
        box.style.top = '0';
        box.style.height = `${TEMPLATE_2.bannerFraction * 100}%`;
      } else {
        box.style.top = `${TEMPLATE_2.bannerFraction * 100}%`;
        box.style.height = `${(1 - TEMPLATE_2.bannerFraction) * 100}%`;
      }
      box.dataset.slot = String(content.slot);
      if (content.kind === 'video') {
        const video = document.createElement('video');
        video.muted = true;
        video.playsInline = true;
        video.preload = 'auto';
        video.src = content.url;
        videos.push(video);
        loads.push(
          new Promise<void>((resolve, reject) => {
            if (video.readyState >= 3) resolve();
            video.addEventListener('canplay', () => resolve(), { once: true });
            video.addEventListener('error', () => reject(new Error('video failed to load')), { once: true });
          }),
        );
        box.append(video);
      } else {
        const img = document.createElement('img');
        img.alt = '';
        img.src = content.url;
        loads.push(img.decode());
        box.append(img);
      }
      layer.append(box);
    }
    for (const overlay of item.overlays) {
      const img = document.createElement('img');
      img.alt = '';
      img.className = `overlay ${overlay.role} ${overlay.position}`;
      img.src = overlay.url;
      loads.push(img.decode().catch(() => undefined));
      layer.append(img);
    }
    layer.dataset.planId = item.planId;
    layer.dataset.adId = item.adId;
    layer.dataset.template = String(item.template);
    await Promise.all(loads);
    return { item, layer, videos };
  }

  /** Swaps the prepared layer to the front and resolves when the item has played its time. */
  show(prepared: Prepared): Promise<void> {
    const old = this.layers[this.front] as HTMLElement;
    prepared.layer.classList.add('visible');
    this.front = this.layers.indexOf(prepared.layer);
    old.classList.remove('visible');
    // The old layer's videos stop; its content is replaced when the next item is prepared there.
    for (const v of old.querySelectorAll('video')) v.pause();
    this.root.dataset.playing = prepared.item.adId;
    this.root.dataset.plan = prepared.item.planId;
    return new Promise<void>((resolve) => {
      if (prepared.videos.length === 0) {
        setTimeout(resolve, prepared.item.seconds * 1000);
        return;
      }
      let left = prepared.videos.length;
      const done = () => {
        left -= 1;
        if (left === 0) resolve();
      };
      for (const video of prepared.videos) {
        video.addEventListener('ended', done, { once: true });
        // A video that cannot play (codec, decode error) must not freeze the screen.
        video.addEventListener('error', done, { once: true });
        video.play().catch(done);
      }
      // Safety net: a stalled video gives up after its declared length plus a margin.
      setTimeout(resolve, (prepared.item.seconds + 10) * 1000);
    });
  }

  /** A JPEG of what the screen shows now (the front layer, in the stage's pixels). */
  capture(): Promise<Blob> {
    return captureLayer(this.layers[this.front] as HTMLElement, this.width, this.height);
  }

  /** Shows nothing but the idle background (no plan to play now). */
  idle() {
    for (const layer of this.layers) {
      layer.classList.remove('visible');
      for (const v of layer.querySelectorAll('video')) v.pause();
    }
    delete this.root.dataset.playing;
    delete this.root.dataset.plan;
  }
}
