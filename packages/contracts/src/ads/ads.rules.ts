import type { ResourceKind } from '../media/media.rules';

/** Spec sections 5 and 9: at most 15 materials in an ad; names 2-15 characters. */
export const AD_MAX_MATERIALS = 15;
export const AD_NAME_MIN = 2;
export const AD_NAME_MAX = 15;
/** queryByCondition_admin's default limit (section 9). */
export const AD_CONDITION_DEFAULT_LIMIT = 65535;
export const AD_KINDS = ['video', 'picture'] as const;
export type AdKind = (typeof AD_KINDS)[number];

export interface AdMaterial {
  id: string;
  name: string;
  kind: ResourceKind;
  template: number;
  slot: number;
}

export interface AdRuleIssue {
  code:
    | 'AD_MATERIALS_REQUIRED'
    | 'AD_MATERIALS_MAX'
    | 'AD_MATERIAL_KIND'
    | 'AD_MATERIAL_TEMPLATE'
    | 'AD_MATERIAL_SLOTS';
  params: Record<string, string | number>;
}

/**
 * The materials of an ad, as screens (resourcesObjs: each screen is a list whose first item is the
 * main media). Template 1: one material per screen, of the ad's kind. Template 2: each screen is the
 * slot 1 banner then the slot 2 main area; the main area carries the ad's kind.
 */
export function checkAdMaterials(kind: AdKind, screens: readonly (readonly AdMaterial[])[]): AdRuleIssue | null {
  const all = screens.flat();
  if (all.length === 0) return { code: 'AD_MATERIALS_REQUIRED', params: {} };
  if (all.length > AD_MAX_MATERIALS) return { code: 'AD_MATERIALS_MAX', params: { max: AD_MAX_MATERIALS } };
  const template = all[0]!.template;
  if (all.some((m) => m.template !== template)) return { code: 'AD_MATERIAL_TEMPLATE', params: {} };
  for (const screen of screens) {
    if (template === 2) {
      if (screen.length !== 2 || screen[0]!.slot !== 1 || screen[1]!.slot !== 2) {
        return { code: 'AD_MATERIAL_SLOTS', params: {} };
      }
      const main = screen[1]!;
      if (main.kind !== kind) return { code: 'AD_MATERIAL_KIND', params: { name: main.name, actual: main.kind, kind } };
      if (screen[0]!.kind !== 'picture' && screen[0]!.kind !== 'video') {
        return { code: 'AD_MATERIAL_KIND', params: { name: screen[0]!.name, actual: screen[0]!.kind, kind } };
      }
    } else {
      for (const m of screen) {
        if (m.kind !== kind) return { code: 'AD_MATERIAL_KIND', params: { name: m.name, actual: m.kind, kind } };
      }
    }
  }
  return null;
}

/** Template 2 screens pair banners with main areas; template 1 has one material per screen. */
export function screensFromMaterials<T extends { template: number; slot: number }>(materials: readonly T[]): T[][] {
  if (materials.length === 0) return [];
  if (materials[0]!.template !== 2) return materials.map((m) => [m]);
  const banners = materials.filter((m) => m.slot === 1);
  const mains = materials.filter((m) => m.slot === 2);
  const screens: T[][] = [];
  for (let i = 0; i < Math.max(banners.length, mains.length); i++) {
    screens.push([banners[i], mains[i]].filter((m): m is T => m !== undefined));
  }
  return screens;
}

/** The longest QR target (the address a scan of the ad's QR code leads to). */
export const QR_TARGET_MAX = 2000;
/** A QR target is an absolute http or https address: a scan redirects only there (no javascript:, data:, relative links). */
export function isQrTarget(value: string): boolean {
  if (value.length > QR_TARGET_MAX) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
