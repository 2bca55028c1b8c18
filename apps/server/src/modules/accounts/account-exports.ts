import {
  type AccountDto,
  advertisersExportBody,
  customersExportBody,
  listExportProgress,
  listExportStarted,
  ownersExportBody,
  usersExportBody,
} from '@robot-ads/contracts/accounts/accounts.schemas';
import { ADVERTISER_ROLES, OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import type { Language } from '@robot-ads/contracts/common/language';
import type { CustomerDto } from '@robot-ads/contracts/customers/customers.schemas';
import { exportKeyQuery, type OwnerDto } from '@robot-ads/contracts/devices/devices.schemas';
import { dateKey, wallClock } from '@robot-ads/contracts/playback/zoned-time';
import { DEFAULT_TIME_ZONE } from '@robot-ads/contracts/playlists/playlists.schemas';
import { regionLabel } from '@robot-ads/contracts/regions/regions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import {
  EXPORT_PAGE_SIZE,
  openExportFile,
  queueExport,
  readExportState,
  runExportJob,
  sendWorkbook,
} from '../../platform/exports';
import type { SessionUser } from '../../platform/session-user';
import { zodRoutes } from '../../platform/zod-routes';
import type { AccountsService } from './accounts.service';
import { accountExports } from './accounts.table';

export const ACCOUNT_EXPORT_JOB = 'accounts.export';
const STATE_PATH = '/api/Users/queryExportState';
const DOWNLOAD_PATH = '/api/Users/exportFile';

type Kind = 'users' | 'advertisers' | 'owners' | 'customers';
type Page<T> = { total: number; datas: T[] };
type Filters = Record<string, string | undefined>;
/** A list's filters with a page of it. */
export type ListQuery = { start: number; limit: number; [filter: string]: string | number | undefined };

/** The lists above accounts that an export reads the way their pages do (buildApp passes them). */
export interface AccountListSources {
  /** GET /api/Proprietors/authorization (devices: owners with their property's name). */
  owners: (user: SessionUser, q: ListQuery) => Promise<Page<OwnerDto>>;
  /** GET /api/Customers (customers, in the caller's scope). */
  customers: (user: SessionUser, q: ListQuery) => Promise<Page<CustomerDto>>;
}

interface ExportParams {
  kind: Kind;
  filters: Filters;
  user: SessionUser;
}

const WORDS: Record<Language, Record<string, string>> = {
  zh: {
    yes: '是',
    no: '否',
    enabled: '启用',
    disabled: '停用',
    opened: '已开通',
    closed: '已移除',
    unsubmitted: '未提交',
    pending: '待审核',
    pass: '已通过',
    reject: '已驳回',
    advertisers: '广告商',
    advertiser: '广告主',
    'category.advertisers': '广告主（公司）',
    'category.advertiser': '广告主（个人）',
    super: '超级管理员',
    administrator: '管理员',
    operator: '运营',
    project: '物业',
    advertisers_special: '特殊广告主',
    hide: '隐藏',
  },
  en: {
    yes: 'Yes',
    no: 'No',
    enabled: 'Enabled',
    disabled: 'Disabled',
    opened: 'Opened',
    closed: 'Removed',
    unsubmitted: 'Not submitted',
    pending: 'Pending review',
    pass: 'Approved',
    reject: 'Rejected',
    advertisers: 'Advertisers',
    advertiser: 'Advertiser',
    'category.advertisers': 'Advertiser (company)',
    'category.advertiser': 'Advertiser (individual)',
    super: 'Super',
    administrator: 'Administrator',
    operator: 'Operator',
    project: 'Property owner',
    advertisers_special: 'Special advertiser',
    hide: 'Hidden',
  },
};

/** Each list's columns (key, zh, en) in the order of its page. */
const COLUMNS: Record<Kind, Array<[string, string, string]>> = {
  users: [
    ['name', '名称', 'Name'],
    ['account', '登录账号', 'Login account'],
    ['role', '角色', 'Role'],
    ['status', '状态', 'State'],
    ['begin', '有效期开始', 'Valid from'],
    ['end', '有效期结束', 'Valid until'],
    ['contactPhone', '联系电话', 'Contact phone'],
    ['autoAudit', '自动审核', 'Auto review'],
    ['createtime', '创建时间', 'Created'],
  ],
  advertisers: [
    ['name', '名称', 'Name'],
    ['account', '登录账号', 'Login account'],
    ['customerName', '客户', 'Customer'],
    ['role', '角色', 'Role'],
    ['diy', 'DIY', 'DIY'],
    ['status', '状态', 'State'],
    ['begin', '有效期开始', 'Valid from'],
    ['end', '有效期结束', 'Valid until'],
    ['phone', '手机号', 'Phone'],
    ['createtime', '创建时间', 'Created'],
  ],
  owners: [
    ['name', '名称', 'Name'],
    ['username', '登录账号', 'Login account'],
    ['propertyname', '物业', 'Property'],
    ['authorized', '授权', 'Authorization'],
  ],
  customers: [
    ['name', '客户名称', 'Customer name'],
    ['category', '类别', 'Category'],
    ['industry', '行业', 'Industry'],
    ['region', '地区', 'Region'],
    ['phone', '电话', 'Phone'],
    ['contacts', '联系人', 'Contacts'],
    ['accounts', '账号', 'Accounts'],
    ['auditStatus', '审核状态', 'Review status'],
    ['createtime', '创建时间', 'Created'],
  ],
};
const SHEET: Record<Kind, [string, string]> = {
  users: ['用户', 'Accounts'],
  advertisers: ['广告主账号', 'Advertiser accounts'],
  owners: ['物业账号', 'Owner accounts'],
  customers: ['客户', 'Customers'],
};

/** Turns one item of a list into a row of its workbook: labels in the language, dates in the zone. */
function rowOf(kind: Kind, item: unknown, lang: Language, timeZone: string): Record<string, unknown> {
  const w = WORDS[lang];
  const word = (k: string) => w[k] ?? k;
  const date = (s: number | null) => (s ? dateKey(wallClock(s, timeZone)) : '');
  if (kind === 'owners') {
    const o = item as OwnerDto;
    return { ...o, propertyname: o.propertyname ?? '', authorized: word(o.authorized ? 'opened' : 'closed') };
  }
  if (kind === 'customers') {
    const c = item as CustomerDto;
    return {
      name: c.name,
      category: word(`category.${c.category}`),
      industry: c.industry,
      region: regionLabel(c, lang),
      phone: c.phone,
      contacts: c.contacts.map((p) => [p.name, p.phone].filter(Boolean).join(' ')).join(', '),
      accounts: c.accounts.map((a) => a.account).join(', '),
      auditStatus: word(c.auditStatus),
      createtime: date(c.createtime),
    };
  }
  const a = item as AccountDto;
  return {
    name: a.name,
    account: a.account,
    customerName: a.customerName ?? '',
    role: word(a.role),
    diy: word(a.diy),
    status: word(a.status),
    begin: date(a.begin),
    end: date(a.end),
    contactPhone: a.contact.phone || a.phone,
    phone: a.phone,
    autoAudit: word(a.autoAudit),
    createtime: date(a.createtime),
  };
}

/** The exports of the account lists: one job table, each list read page by page as its page reads it. */
export class AccountListExports {
  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountsService,
    private readonly sources: AccountListSources,
  ) {}

  private page(kind: Kind, user: SessionUser, f: Filters, start: number, limit: number): Promise<Page<unknown>> {
    if (kind === 'owners') return this.sources.owners(user, { ...f, start, limit });
    if (kind === 'customers') return this.sources.customers(user, { ...f, start, limit });
    if (kind === 'advertisers') {
      return this.accounts.page(user, {
        start,
        limit,
        name: f.name,
        username: f.account,
        parentId: f.user,
        roles: ADVERTISER_ROLES,
      });
    }
    return this.accounts.page(user, {
      start,
      limit,
      name: f.name,
      parentId: f.parentId,
      status: f.status as 'enabled' | 'disabled' | undefined,
      roles: f.role ? [f.role] : undefined,
    });
  }

  /** Queues the export of the list with these filters (EXPORT_EMPTY when it is empty); a parent out of scope is refused. */
  async start(
    kind: Kind,
    user: SessionUser,
    body: Filters & { language?: Language; timeZone?: string },
    callerLang: Language,
  ): Promise<{ key: string }> {
    const { language, timeZone, ...filters } = body;
    const parent = kind === 'users' ? filters.parentId : kind === 'advertisers' ? filters.user : undefined;
    if (parent) await this.accounts.children(user, parent);
    const { total } = await this.page(kind, user, filters, 0, 1);
    const params: ExportParams = { kind, filters, user };
    return queueExport(this.ctx, accountExports, ACCOUNT_EXPORT_JOB, user, {
      total,
      kind,
      language: language ?? callerLang,
      timeZone: timeZone ?? DEFAULT_TIME_ZONE,
      params: params as unknown as Record<string, unknown>,
    });
  }

  /** The job: writes the workbook page by page (platform/exports.ts records the progress). */
  async run(key: string) {
    await runExportJob(this.ctx, accountExports, key, (job) => {
      const { kind, filters, user } = job.params as unknown as ExportParams;
      const lang: Language = job.language === 'en' ? 'en' : 'zh';
      return {
        filePrefix: kind,
        failedMessage: 'account list export failed',
        failure: (err) => ({ error: String(err) }),
        sheet: () => ({
          name: SHEET[kind][lang === 'zh' ? 0 : 1],
          columns: COLUMNS[kind].map(([k, zh, en]) => ({ key: k, header: lang === 'zh' ? zh : en, width: 18 })),
          page: async (start) =>
            (await this.page(kind, user, filters, start, EXPORT_PAGE_SIZE)).datas.map((item) =>
              rowOf(kind, item, lang, job.timeZone),
            ),
        }),
      };
    });
  }

  routes(): FastifyPluginAsyncZod {
    return async (app) => {
      const route = zodRoutes(app, ['accounts']);
      const starts: Array<[string, Kind, z.ZodType, readonly Role[]]> = [
        ['/api/Users/export', 'users', usersExportBody, OPERATOR_ROLES],
        ['/api/AdvertiserUsers/export', 'advertisers', advertisersExportBody, OPERATOR_ROLES],
        ['/api/Proprietors/export', 'owners', ownersExportBody, OPERATOR_ROLES],
        ['/api/Customers/export', 'customers', customersExportBody, OPERATOR_ROLES],
      ];
      for (const [path, kind, body, roles] of starts) {
        route.post(
          path,
          {
            summary: `Export the ${SHEET[kind][1].toLowerCase()} the list shows with these filters (.xlsx) in the background; poll ${STATE_PATH}`,
            body,
            response: listExportStarted,
            config: { roles },
          },
          (request) => this.start(kind, request.user, request.body as Filters, request.lang),
        );
      }
      route.get(
        STATE_PATH,
        {
          summary: 'Progress of an account list export; once done, url is its exportFile',
          querystring: exportKeyQuery,
          response: listExportProgress,
          config: { roles: OPERATOR_ROLES },
        },
        (request) => readExportState(this.ctx, accountExports, request.user, request.query.key, DOWNLOAD_PATH),
      );
      app.get(
        DOWNLOAD_PATH,
        {
          schema: {
            tags: ['accounts'],
            summary: 'The workbook (.xlsx) of a finished account list export',
            querystring: exportKeyQuery,
          },
          config: { roles: OPERATOR_ROLES },
        },
        async (request, reply) => {
          const file = await openExportFile(this.ctx, accountExports, request.user, request.query.key);
          return sendWorkbook(reply, file.fileName, file.stream);
        },
      );
    };
  }
}
