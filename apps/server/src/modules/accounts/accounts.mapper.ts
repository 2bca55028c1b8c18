import type { SessionInfo } from '@robot-ads/contracts/auth/auth.schemas';
import type { Principal, Role } from '@robot-ads/contracts/auth/roles';
import type { Language } from '@robot-ads/contracts/common/language';
import type { SessionUser } from '../../platform/session-user';
import type { AccountRow } from './accounts.table';

const asLang = (v: string | null): Language | null => (v === 'zh' || v === 'en' ? v : null);

export function toSessionUser(row: AccountRow, fallbackLang: Language): SessionUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role as Role,
    principals: row.principals as Principal,
    parentId: row.parentId,
    customer: row.customerId,
    diy: row.diy,
    autoAudit: row.autoAudit,
    isSoldOut: row.isSoldOut,
    projectId: row.projectId,
    lang: asLang(row.lang) ?? fallbackLang,
  };
}

/** Spec section 3: the user session info (never the password hash). */
export function toSessionInfo(row: AccountRow): SessionInfo {
  return {
    id: row.id,
    user: row.username,
    name: row.name,
    role: row.role as Role,
    currentUser: row.name,
    principals: row.principals as Principal,
    customer: row.customerId,
    DIY: row.diy ? 'yes' : 'no',
    autoAudit: row.autoAudit ? 'yes' : 'no',
    isSoldOut: row.isSoldOut,
    contact: { name: row.contact?.name ?? '', phone: row.contact?.phone ?? '' },
    projectId: row.projectId,
    phone: row.phone,
    avatar: row.avatar,
    sex: row.sex === 'male' || row.sex === 'female' ? row.sex : '',
    email: row.email,
    lang: asLang(row.lang),
    parentId: row.parentId,
  };
}
