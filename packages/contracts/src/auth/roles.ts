/** Spec section 6: the account roles and principals. */
export const ROLES = [
  'super',
  'administrator',
  'operator',
  'project',
  'advertisers',
  'advertisers_special',
  'hide',
] as const;
export type Role = (typeof ROLES)[number];

export const PRINCIPALS = ['root', 'admin', ''] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** Operators: the back-office staff. The parent-account dictionary includes only super and administrator. */
export const OPERATOR_ROLES = ['super', 'administrator', 'operator'] as const satisfies readonly Role[];
export const PARENT_ROLES = ['super', 'administrator'] as const satisfies readonly Role[];
export const ADVERTISER_ROLES = ['advertisers', 'advertisers_special'] as const satisfies readonly Role[];

export function isOperatorRole(role: Role): boolean {
  return (OPERATOR_ROLES as readonly Role[]).includes(role);
}
export function isAdvertiserRole(role: Role): boolean {
  return (ADVERTISER_ROLES as readonly Role[]).includes(role);
}
