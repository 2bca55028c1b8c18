import type { Language } from '@robot-ads/contracts/common/language';
import { formatDateMinute } from '@robot-ads/contracts/playback/zoned-time';
import { regionLabel, withRegionNames } from '@robot-ads/contracts/regions/regions';
import type { LeadQuery } from '@robot-ads/contracts/sales/leads.schemas';
import type { OrderQuery } from '@robot-ads/contracts/sales/orders.schemas';
import { ORDER_STATE_LABELS } from '@robot-ads/contracts/sales/sales.rules';
import type { AppContext } from '../../platform/context';
import {
  EXPORT_PAGE_SIZE,
  type ExportSheet,
  openExportFile,
  queueExport,
  readExportState,
  runExportJob,
} from '../../platform/exports';
import { texts, vocabularyText, withZone } from '../../platform/i18n/i18n';
import type { SessionUser } from '../../platform/session-user';
import type { BillsService } from './bills.service';
import type { BranchesService } from './branches.service';
import type { LeadsService } from './leads.service';
import type { OrdersService } from './orders.service';
import { salesExports } from './sales.table';

export const SALES_EXPORT_JOB = 'sales.export';
type Kind = 'leads' | 'orders' | 'bills' | 'branches';

/** Each list's columns (keys of sales:exportHeaders.<kind>), in order; `dated` ones hold times. */
const COLUMNS: Record<Kind, { keys: string[]; dated: string[] }> = {
  leads: {
    keys: [
      'name',
      'phone',
      'industry',
      'province',
      'city',
      'source',
      'priority',
      'followState',
      'owner',
      'nextFollowAt',
    ],
    dated: ['nextFollowAt'],
  },
  orders: {
    keys: ['orderNo', 'name', 'customer', 'plan', 'state', 'amount', 'planDevices', 'actualDevices', 'syncTime'],
    dated: ['syncTime'],
  },
  bills: { keys: ['customer', 'month', 'opening', 'charges', 'payments', 'credits', 'balance'], dated: [] },
  branches: {
    keys: ['name', 'account', 'regions', 'robots', 'customers', 'orders', 'createdAt'],
    dated: ['createdAt'],
  },
};

/** The column titles in the language; those of times say the zone they are written in. */
function headersOf(kind: Kind, lang: Language, timeZone: string, at: number): string[] {
  const t = texts(lang, `sales:exportHeaders.${kind}`);
  const { keys, dated } = COLUMNS[kind];
  return keys.map((k) => (dated.includes(k) ? withZone(lang, t[k] ?? k, timeZone, at) : (t[k] ?? k)));
}

export interface SalesExportSources {
  leads: LeadsService;
  orders: OrdersService;
  bills: BillsService;
  branches: BranchesService;
}

/** Lead, order, bill and branch list exports with progress: the same filters and scope as their lists. */
export class SalesExports {
  constructor(
    private readonly ctx: AppContext,
    private readonly sources: SalesExportSources,
  ) {}

  async start(user: SessionUser, kind: Kind, filters: Record<string, unknown>, lang: Language) {
    const first = await this.page(user, kind, filters, 0, 1, lang);
    return queueExport(this.ctx, salesExports, SALES_EXPORT_JOB, user, {
      kind,
      filters,
      user: user as unknown as Record<string, unknown>,
      lang,
      total: first.total,
    });
  }

  private async page(
    user: SessionUser,
    kind: Kind,
    filters: Record<string, unknown>,
    start: number,
    limit: number,
    lang: Language,
  ) {
    const { leads, orders, bills, branches } = this.sources;
    const zone = this.ctx.config.TIME_ZONE;
    const date = (unix: number | null) => (unix ? formatDateMinute(unix, zone) : '');
    if (kind === 'bills') {
      const q = filters as { month: string; customerId?: string };
      const { total, datas } = await bills.page(user, { ...q, start, limit });
      return {
        total,
        rows: datas.map((b) => [
          b.customerName,
          b.month,
          b.openingBalance,
          b.charges,
          b.payments,
          b.credits,
          b.balance,
        ]),
      };
    }
    if (kind === 'branches') {
      const { total, datas } = await branches.page(user, { ...filters, start, limit });
      return {
        total,
        rows: datas.map((b) => [
          b.name,
          b.accountName,
          b.regions.map((r) => regionLabel(r, lang)).join('; '),
          b.robotCount,
          b.customerCount,
          b.orderCount,
          date(b.createtime),
        ]),
      };
    }
    if (kind === 'leads') {
      const { total, datas } = await leads.page(user, { ...filters, start, limit } as LeadQuery);
      return {
        total,
        rows: datas
          .map((row) => withRegionNames(row, lang))
          .map((l) => [
            l.name,
            l.phone,
            vocabularyText(lang, 'industry', l.industry),
            l.province,
            l.city,
            vocabularyText(lang, 'leadSource', l.source),
            vocabularyText(lang, 'leadPriority', l.priority),
            vocabularyText(lang, 'followState', l.followState),
            l.ownerName,
            date(l.nextFollowAt),
          ]),
      };
    }
    const { total, datas } = await orders.page(user, { ...filters, start, limit } as OrderQuery);
    return {
      total,
      rows: datas.map((o) => [
        o.orderNo,
        o.name,
        o.customerName,
        o.playlistName,
        o.state,
        o.amount,
        o.planDeviceCount,
        o.actualDeviceCount,
        date(o.syncTime),
      ]),
    };
  }

  run(key: string) {
    return runExportJob(this.ctx, salesExports, key, (job) => ({
      filePrefix: job.kind,
      failedMessage: 'sales export failed',
      sheet: (): ExportSheet => {
        const kind = job.kind as Kind;
        const lang = (job.lang === 'en' ? 'en' : 'zh') as Language;
        const user = job.user as unknown as SessionUser;
        const headers = headersOf(
          kind,
          lang,
          this.ctx.config.TIME_ZONE,
          Math.floor(this.ctx.clock.now().getTime() / 1000),
        );
        return {
          name: kind,
          columns: headers.map((header, i) => ({ header, key: `c${i}`, width: 18 })),
          page: async (start) => {
            const { rows } = await this.page(user, kind, job.filters, start, EXPORT_PAGE_SIZE, lang);
            return rows.map((r) =>
              Object.fromEntries(
                r.map((v, i) => [
                  `c${i}`,
                  kind === 'orders' && i === 4 ? ORDER_STATE_LABELS[v as keyof typeof ORDER_STATE_LABELS][lang] : v,
                ]),
              ),
            );
          },
        };
      },
    }));
  }

  state(user: SessionUser, key: string) {
    return readExportState(this.ctx, salesExports, user, key, '/api/Sales/exportFile');
  }

  file(user: SessionUser, key: string) {
    return openExportFile(this.ctx, salesExports, user, key);
  }
}
