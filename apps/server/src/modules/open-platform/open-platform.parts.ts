import type { PlatformContext } from '../../platform/context';
import type { PasswordCost } from '../../platform/passwords';
import type { OpenPlatformAuditLog } from './open-platform.audit-log';
import type { PartnerAccess } from './partner-access';

/** What the open platform's operations share: the platform, the password cost, the check chain and the audit log. */
export interface OpenPlatformParts {
  ctx: PlatformContext;
  cost: PasswordCost;
  access: PartnerAccess;
  audit: OpenPlatformAuditLog;
}
