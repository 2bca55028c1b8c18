import type { OpenInterface } from '@robot-ads/contracts/open-platform/open-platform.schemas';
import { notFound } from '../../platform/app-error';
import type { OpenApiDoc } from '../../platform/openapi/document';
import { type Actor, type OpenApiDocument, PARTNER_DOCS_KEY, type PartnerCall } from './open-platform.model';
import type { OpenPlatformParts } from './open-platform.parts';
import * as repo from './open-platform.repository';
import { partnerDocument as partnerDocumentOf } from './partner-document';

// The interfaces open to partners: the catalogue, the switches, and a partner's own OpenAPI document.

export async function interfaces(parts: OpenPlatformParts): Promise<OpenInterface[]> {
  const disabled = new Set((await repo.interfaceSwitches(parts.ctx.db)).filter((s) => !s.enabled).map((s) => s.key));
  return [...parts.access.catalogue()].map(([key, i]) => ({ key, ...i, enabled: !disabled.has(key) }));
}

export async function toggleInterface(
  parts: OpenPlatformParts,
  key: string,
  enabled: boolean,
  actor: Actor,
): Promise<OpenInterface> {
  const found = parts.access.catalogue().get(key);
  if (!found) throw notFound();
  await parts.ctx.db.transaction(async () => {
    await repo.putInterfaceSwitch(parts.ctx.db, key, enabled, parts.ctx.clock.now());
    await parts.audit.recordChange(actor, enabled ? 'interface.enable' : 'interface.disable', key);
  });
  parts.access.invalidateSnapshot();
  return { key, ...found, enabled };
}

/**
 * The OpenAPI document with only the paths this partner may call (its documentation); for a logged-in
 * user, every open interface that is switched on (what root offers to partners).
 */
export async function partnerDocument(parts: OpenPlatformParts, partner: PartnerCall | null): Promise<OpenApiDocument> {
  const disabled = parts.access.switches(await parts.access.currentSnapshot());
  const keys = partner
    ? [...(await parts.access.client(partner.clientId)).interfaces]
    : [...parts.access.catalogue().keys()];
  const allowed = new Set([...parts.access.allowedKeys(keys, disabled), PARTNER_DOCS_KEY]);
  return partnerDocumentOf(parts.access.openApi() as OpenApiDoc, allowed) as unknown as OpenApiDocument;
}
