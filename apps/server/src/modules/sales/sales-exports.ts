import type { Language } from '@robot-ads/contracts/common/language';
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
import type { LeadsService } from './leads.service';
import type { OrdersService } from './orders.service';
import { salesExports } from './sales.table';

export const SALES_EXPORT_JOB = 'sales.export';
type Kind = 'leads' | 'orders';

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
};
const date = (unix: number | null) => (unix ? new Date(unix * 1000).toISOString().slice(0, 16).replace('T', ' ') : '');

/** Lead and order exports with progress: the same filters and scope as their lists. */
export class SalesExports {
  constructor(
    private readonly ctx: AppContext,
    private readonly leads: LeadsService,
    private readonly orders: OrdersService,
  ) {}

  async start(user: SessionUser, kind: Kind, filters: Record<string, unknown>, lang: Language) {
    const first = await this.page(user, kind, filters, 0, 1);
    return queueExport(this.ctx, salesExports, SALES_EXPORT_JOB, user, {
      kind,
      filters,
      user: user as unknown as Record<string, unknown>,
      lang,
      total: first.total,
    });
  }

  private async page(user: SessionUser, kind: Kind, filters: Record<string, unknown>, start: number, limit: number) {
    if (kind === 'leads') {
      const { total, datas } = await this.leads.page(user, { ...filters, start, limit } as LeadQuery);
      return {
        total,
        rows: datas.map((l) => [
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
    const { total, datas } = await this.orders.page(user, { ...filters, start, limit } as OrderQuery);
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
            const { rows } = await this.page(user, kind, job.filters, start, EXPORT_PAGE_SIZE);
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
