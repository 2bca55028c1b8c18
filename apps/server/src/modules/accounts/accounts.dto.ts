import type { AccountDto } from '@robot-ads/contracts/accounts/accounts.schemas';
import type { Principal, Role } from '@robot-ads/contracts/auth/roles';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { AccountRow } from './accounts.table';

/** An account as the API shows it, and what the account commands take. */
export function toAccountDto(row: AccountRow, customerName: string | null = null): AccountDto {
  return {
    id: row.id,
    parentId: row.parentId,
    role: row.role as Role,
    principals: row.principals as Principal,
    name: row.name,
    account: row.username,
    username: row.username,
    begin: toUnixSeconds(row.beginAt),
    end: toUnixSeconds(row.endAt),
    status: row.enabled ? 'enabled' : 'disabled',
    used: row.used,
    authorized: row.authorized,
    customer: row.customerId,
    customerName,
    diy: row.diy ? 'yes' : 'no',
    autoAudit: row.autoAudit ? 'yes' : 'no',
    isSoldOut: row.isSoldOut,
    projectId: row.projectId,
    contact: { name: row.contact?.name ?? '', phone: row.contact?.phone ?? '' },
    phone: row.phone,
    avatar: row.avatar,
    sex: row.sex === 'male' || row.sex === 'female' ? row.sex : '',
    email: row.email,
    createtime: toUnixSeconds(row.createdAt) ?? 0,
  };
}

export interface AccountFilter {
  roles?: readonly string[];
  name?: string;
  username?: string;
  parentId?: string;
  status?: 'enabled' | 'disabled';
  start: number;
  limit: number;
}

export interface AdvertiserInput {
  name?: string;
  role?: 'advertisers' | 'advertisers_special';
  customer?: string;
  diy?: boolean | 'yes' | 'no';
  begin?: number | null;
  end?: number | null;
  phone?: string;
  email?: string;
  status?: 'enabled' | 'disabled';
  parentId?: string;
  password?: string;
}

export interface ManagedInput {
  name?: string;
  role?: string;
  parentId?: string;
  begin?: number | null;
  end?: number | null;
  status?: 'enabled' | 'disabled';
  used?: boolean;
  autoAudit?: boolean | 'yes' | 'no';
  isSoldOut?: boolean;
  projectId?: string | null;
  phone?: string;
  email?: string;
  contact?: { name: string; phone: string };
  password?: string;
}

export type NewManagedInput = ManagedInput & { username: string; password: string; name: string; role: string };

export const asBool = (v: boolean | 'yes' | 'no' | undefined) =>
  v === undefined ? undefined : v === true || v === 'yes';
