/**
 * The upload vocabulary: resource kinds, size limits, the templates' slots and the extensions and MIME
 * types each kind accepts. Spec sections 3 and 5.
 */

// Section 3: the robot screen sizes (width_height), defined once with the other device vocabulary.
import { SCREEN_RATIOS, type ScreenRatio } from '../devices/devices.rules';

export { SCREEN_RATIOS, type ScreenRatio };

export const RESOURCE_KINDS = ['video', 'picture', 'pdf', 'ppt', 'html'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export const KB = 1024;
export const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** Pictures in general (section 5: "Pictures 2MB"). */
  pictureBytes: 2 * MB,
  /** Pictures for the slots that allow large pictures. */
  largePictureBytes: 15 * MB,
  /** Pictures in slot templates: jpg/jpeg only. */
  slotTemplatePictureBytes: 500 * KB,
  videoBytes: 20 * MB,
  qrBytes: 2 * MB,
  materialBytes: 100 * MB,
  batchFiles: 50,
  batchBytes: 200 * MB,
} as const;

export interface PixelSize {
  width: number;
  height: number;
}

export function parseRatio(ratio: string): PixelSize {
  const [w, h] = ratio.split('_').map(Number);
  return { width: w ?? 0, height: h ?? 0 };
}

export interface SlotKindRule {
  extensions: readonly string[];
  maxBytes: number;
  /** Video length in seconds, inclusive. */
  durationSeconds?: { min: number; max: number };
}

export interface SlotDefinition {
  template: number;
  slot: number;
  /** The exact pixel sizes accepted (the first is the slot's own size). */
  sizes: readonly PixelSize[];
  picture?: SlotKindRule;
  video?: SlotKindRule;
  /** Screen sizes whose pictures may be large (15MB); others use the slot's picture limit. */
  largePictureSizes?: readonly PixelSize[];
}

const PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;
const SLOT_TEMPLATE_PICTURE_EXTENSIONS = ['jpg', 'jpeg'] as const;

/**
 * Template 1 is the full robot screen (1080x1920, or the other robot screen sizes of section 3);
 * template 2 splits the screen into a 1080x600 banner (slot 1) over a 1080x1320 main area (slot 2).
 * Full-screen videos run 14-16 s, the split-screen video 9-11 s; pictures in the split template are
 * 500K jpg/jpeg; the landscape advertising screens (1920x1080) take large pictures up to 15MB.
 */
export const TEMPLATE_SLOTS: readonly SlotDefinition[] = [
  {
    template: 1,
    slot: 1,
    sizes: SCREEN_RATIOS.map(parseRatio),
    picture: { extensions: PICTURE_EXTENSIONS, maxBytes: UPLOAD_LIMITS.pictureBytes },
    video: { extensions: ['mp4'], maxBytes: UPLOAD_LIMITS.videoBytes, durationSeconds: { min: 14, max: 16 } },
    largePictureSizes: [{ width: 1920, height: 1080 }],
  },
  {
    template: 2,
    slot: 1,
    sizes: [{ width: 1080, height: 600 }],
    picture: { extensions: SLOT_TEMPLATE_PICTURE_EXTENSIONS, maxBytes: UPLOAD_LIMITS.slotTemplatePictureBytes },
  },
  {
    template: 2,
    slot: 2,
    sizes: [{ width: 1080, height: 1320 }],
    picture: { extensions: SLOT_TEMPLATE_PICTURE_EXTENSIONS, maxBytes: UPLOAD_LIMITS.slotTemplatePictureBytes },
    video: { extensions: ['mp4'], maxBytes: UPLOAD_LIMITS.videoBytes, durationSeconds: { min: 9, max: 11 } },
  },
];

export const TEMPLATES = [1, 2] as const;

export function findSlot(template: number, slot: number): SlotDefinition | undefined {
  return TEMPLATE_SLOTS.find((s) => s.template === template && s.slot === slot);
}

/** Extensions each kind accepts (the slot may narrow pictures further). */
export const KIND_EXTENSIONS: Record<ResourceKind, readonly string[]> = {
  video: ['mp4'],
  picture: PICTURE_EXTENSIONS,
  pdf: ['pdf'],
  ppt: ['ppt', 'pptx'],
  html: ['html', 'htm'],
};

export const QR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;

export const ALL_UPLOAD_EXTENSIONS = [...new Set(Object.values(KIND_EXTENSIONS).flat())];

/** MIME types for a sniffed extension (what storage and downloads announce). */
export const MIME_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  html: 'text/html',
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function kindOfExtension(ext: string): ResourceKind | undefined {
  return RESOURCE_KINDS.find((k) => KIND_EXTENSIONS[k].includes(ext));
}
