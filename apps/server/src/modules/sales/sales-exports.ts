import type { Language } from '@robot-ads/contracts/common/language';
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
import type { SessionUser } from '../../platform/session-user';
import type { BillsService } from './bills.service';
import type { BranchesService } from './branches.service';
import type { LeadsService } from './leads.service';
import type { OrdersService } from './orders.service';
import { salesExports } from './sales.table';

export const SALES_EXPORT_JOB = 'sales.export';
type Kind = 'leads' | 'orders' | 'bills' | 'branches';

const HEADERS: Record<Kind, Record<Language, string[]>> = {
  leads: {
    zh: ['名称', '电话', '行业', '省份', '城市', '来源', '优先级', '跟进状态', '负责人', '下次跟进'],
    en: ['Name', 'Phone', 'Industry', 'Province', 'City', 'Source', 'Priority', 'Follow-up', 'Owner', 'Next follow-up'],
  },
  orders: {
    zh: ['订单号', '名称', '客户', '计划', '状态', '金额（元）', '计划设备数', '实际设备数', '同步时间'],
    en: [
      'Order ID',
      'Name',
      'Customer',
      'Plan',
      'State',
      'Amount (yuan)',
      'Planned devices',
      'Actual devices',
      'Sync time',
    ],
  },
  bills: {
    zh: ['客户', '月份', '期初余额（元）', '本月消费（元）', '本月付款（元）', '本月减免（元）', '期末余额（元）'],
    en: [
      'Customer',
      'Month',
      'Opening balance (yuan)',
      'Charges (yuan)',
      'Payments (yuan)',
      'Credits (yuan)',
      'Balance (yuan)',
    ],
  },
  branches: {
    zh: ['名称', '代理账号', '区域', '设备数', '客户数', '订单数', '创建时间'],
    en: ['Name', 'Agent account', 'Regions', 'Robots', 'Customers', 'Orders', 'Created'],
  },
};
const date = (unix: number | null) => (unix ? new Date(unix * 1000).toISOString().slice(0, 16).replace('T', ' ') : '');

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
            l.industry,
            l.province,
            l.city,
            l.source,
            l.priority,
            l.followState,
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
        const headers = HEADERS[kind][lang];
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
