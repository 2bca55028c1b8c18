import type { PlatformContext } from '../../platform/context';
import type { PasswordCost } from '../../platform/passwords';
import type { PartnerAccess } from './partner-access';
import type { OpenPlatformAudit } from './record-audit';

/** What the open platform's operations share: the platform, the password cost, the check chain and the audit log. */
export interface OpenPlatformParts {
  ctx: PlatformContext;
  cost: PasswordCost;
  access: PartnerAccess;
  audit: OpenPlatformAudit;
}
