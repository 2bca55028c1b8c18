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
import { formatDate } from '@robot-ads/contracts/playback/zoned-time';
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
import { texts, tr, vocabularyText, withZone } from '../../platform/i18n/i18n';
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

/** Each list's columns (keys of accounts:export.columns.<kind>) in the order of its page. */
const COLUMNS: Record<Kind, string[]> = {
  users: ['name', 'account', 'role', 'status', 'begin', 'end', 'contactPhone', 'autoAudit', 'createtime'],
  advertisers: ['name', 'account', 'customerName', 'role', 'diy', 'status', 'begin', 'end', 'phone', 'createtime'],
  owners: ['name', 'username', 'propertyname', 'authorized'],
  customers: ['name', 'category', 'industry', 'region', 'phone', 'contacts', 'accounts', 'auditStatus', 'createtime'],
};

/** The columns holding dates (a day is a day of the export's zone): their titles say that zone. */
const DATED: readonly string[] = ['begin', 'end', 'createtime'];

/** The column titles of a list in the language, those of dates with their zone. */
function headers(kind: Kind, lang: Language, timeZone: string, at: number): string[] {
  const titles = texts(lang, `accounts:export.columns.${kind}`);
  return COLUMNS[kind].map((k) =>
    DATED.includes(k) ? withZone(lang, titles[k] ?? k, timeZone, at) : (titles[k] ?? k),
  );
}

/** Turns one item of a list into a row of its workbook: labels in the language, dates in the zone. */
function rowOf(kind: Kind, item: unknown, lang: Language, timeZone: string): Record<string, unknown> {
  const w = texts(lang, 'accounts:export.words');
  const word = (k: string) => w[k] ?? k;
  const date = (s: number | null) => (s ? formatDate(s, timeZone) : '');
  if (kind === 'owners') {
    const o = item as OwnerDto;
    return { ...o, propertyname: o.propertyname ?? '', authorized: word(o.authorized ? 'opened' : 'closed') };
  }
  if (kind === 'customers') {
    const c = item as CustomerDto;
    return {
      name: c.name,
      category: word(`category_${c.category}`),
      industry: vocabularyText(lang, 'industry', c.industry),
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
      timeZone: timeZone ?? this.ctx.config.TIME_ZONE,
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
        sheet: () => {
          const titles = headers(kind, lang, job.timeZone, Math.floor(this.ctx.clock.now().getTime() / 1000));
          return {
            name: tr(lang, `accounts:export.sheet.${kind}`),
            columns: COLUMNS[kind].map((k, i) => ({ key: k, header: titles[i] ?? k, width: 18 })),
            page: async (start) =>
              (await this.page(kind, user, filters, start, EXPORT_PAGE_SIZE)).datas.map((item) =>
                rowOf(kind, item, lang, job.timeZone),
              ),
          };
        },
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
            summary: `Export the ${tr('en', `accounts:export.sheet.${kind}`).toLowerCase()} the list shows with these filters (.xlsx) in the background; poll ${STATE_PATH}`,
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
