import { newId } from '@robot-ads/contracts/common/ids';
import type { Cycle, PlayPeriod } from '@robot-ads/contracts/playlists/playlists.schemas';
import { requiredSteps } from '@robot-ads/contracts/reviews/review-state.rules';
import type { Tx } from '../../db/client';
import type { Seeder } from '../../platform/seeding';
import { accountsByUsernames } from '../accounts/accounts.queries';
import { adDeliverability, adIdsByName, adKinds } from '../ads/ads.queries';
import { adReadyRobotsOfProject, projectIdsByName } from '../devices/devices.queries';
import type { PlaylistRow } from '../playlists/playlists.queries';
import { insertDemoPlan } from '../playlists/playlists.seed';
import type { PublishingContext } from '../publishing/publishing.context';
import { updateDemoRecords } from '../publishing/publishing.seed';
import { publishPlan, SYSTEM_SCOPE } from '../publishing/publishing.service';
import { adAuditReviews, adAuditRobots, adAudits, type StoredStep } from './reviews.table';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const t = (hour: number, minute = 0) => ({ hour, minute });

/**
 * Demo delivery data: plans in every delivery state of Lucky Coffee (the `adv` account), applications
 * waiting for the property owner and the operators, a rejected one, an approved cancellation, and
 * publish records (issued, pulled, failed, cancelled).
 */
export const deliverySeeder: Seeder<PublishingContext> = {
  name: 'delivery',
  async run(tx, { now, app }) {
    const users = await accountsByUsernames(tx, ['adv', 'root', 'owner', 'owner_auto']);
    const by = Object.fromEntries(users);
    const adv = by.adv;
    const root = by.root;
    if (!adv?.customerId || !root) return;
    const ads = await adIdsByName(tx, adv.customerId);
    const ad = (name: string) => ads.get(name);
    const latte = ad('Morning Latte');
    const spot = ad('Coffee Spot');
    const split = ad('Split Promo');
    if (!latte || !spot || !split) return;

    const projectIds = await projectIdsByName(tx);
    const sunshine = projectIds.get('阳光广场');
    const harbour = projectIds.get('海港城');
    const deliverable = async (projectId: string | undefined, n: number) =>
      projectId ? adReadyRobotsOfProject(tx, projectId, now, n) : [];
    const sun = await deliverable(sunshine, 14);
    const har = await deliverable(harbour, 8);

    const materials = async (adIds: string[]) => {
      const found = await adDeliverability(tx, adIds);
      return adIds.reduce((n, id) => n + (found.get(id)?.materials ?? 0), 0);
    };

    async function plan(
      name: string,
      adIds: string[],
      o: {
        begin: number;
        end: number;
        priority?: number;
        cycle?: Cycle;
        times?: PlayPeriod[];
        zone?: string;
        audit?: string;
        note?: string;
        /** When the plan was written (ms before now; default now). */
        createdAgo?: number;
      },
    ) {
      return insertDemoPlan(
        tx,
        {
          id: newId(),
          name,
          clientId: adv?.customerId as string,
          description: `${name} — demo`,
          priority: o.priority ?? 5,
          cycle: o.cycle ?? { type: 'daily', data: [] },
          times: o.times ?? [
            { begin: t(8), end: t(11) },
            { begin: t(17), end: t(21) },
          ],
          beginAt: new Date(now.getTime() + o.begin),
          endAt: new Date(now.getTime() + o.end),
          timeZone: o.zone ?? 'Asia/Shanghai',
          playingMode: 'order',
          countLimit: 300,
          materials: await materials(adIds),
          advertisingType: await adKinds(tx, adIds),
          auditState: o.audit ?? 'none',
          auditNote: o.note ?? '',
          createdBy: adv?.id as string,
          createdAt: new Date(now.getTime() - (o.createdAgo ?? 0)),
          updatedAt: now,
        },
        adIds,
      );
    }

    async function application(
      planId: string,
      type: 'apply' | 'cancel',
      targets: Array<{ ref: string; robotId: string; projectId: string | null }>,
      state: 'pending' | 'post' | 'reject',
      o: {
        reason?: string;
        note?: string;
        ownerDecided?: boolean;
        autoAudit?: boolean;
        /** When it was decided (ms before now; default an hour ago); submitted an hour before. */
        decidedAgo?: number;
      } = {},
    ) {
      const id = newId();
      const projectIds = [...new Set(targets.map((x) => x.projectId).filter((p): p is string => Boolean(p)))];
      const base = requiredSteps(projectIds.map((p) => ({ projectId: p, autoAudit: p === harbour })));
      const decidedAgo = o.decidedAgo ?? HOUR;
      const decidedAt = Math.floor((now.getTime() - decidedAgo) / 1000);
      const steps: StoredStep[] = base.map((s) => {
        const decided =
          state === 'post' || (s.kind === 'owner' && o.ownerDecided) || (state === 'reject' && s.kind === 'operator');
        const reviewer = s.kind === 'owner' ? by.owner : root;
        return {
          ...s,
          state: decided ? (state === 'reject' ? 'reject' : 'post') : 'pending',
          reviewerId: decided ? (reviewer?.id ?? null) : null,
          reviewerName: decided ? (reviewer?.name ?? null) : null,
          note: decided && state === 'reject' ? (o.note ?? '') : '',
          time: decided ? decidedAt : null,
        };
      });
      await tx.insert(adAudits).values({
        id,
        playlistId: planId,
        type,
        state,
        applicantId: adv?.id as string,
        applicantName: adv?.name as string,
        clientId: adv?.customerId as string,
        deliveryMode: 'robots',
        robotIds: targets.map((x) => x.robotId),
        reason: o.reason ?? '',
        steps,
        note: o.note ?? '',
        auditAt: state === 'pending' && !o.ownerDecided ? null : new Date(decidedAt * 1000),
        createdAt: new Date(now.getTime() - decidedAgo - HOUR),
        updatedAt: now,
      });
      if (targets.length) {
        await tx
          .insert(adAuditRobots)
          .values(targets.map((x) => ({ auditId: id, robotRef: x.ref, projectId: x.projectId })));
      }
      for (const s of steps.filter((x) => x.reviewerId)) {
        await tx.insert(adAuditReviews).values({
          id: newId(),
          auditId: id,
          reviewerId: s.reviewerId as string,
          reviewerName: s.reviewerName as string,
          kind: s.kind,
          projectId: s.projectId,
          decision: s.state,
          note: s.note,
          at: new Date(decidedAt * 1000),
        });
      }
      return id;
    }

    const publish = async (p: PlaylistRow, targets: Array<{ robotId: string }>, applicationId: string) =>
      publishPlan(
        app,
        tx as Tx,
        SYSTEM_SCOPE,
        p,
        targets.map((x, i) => ({ row: i + 1, robotId: x.robotId })),
        { lang: 'zh', applicationId, by: adv?.id as string },
      );

    // Live: approved, published, most devices pulled.
    const live = await plan('Latte Week', [latte], { begin: -2 * DAY, end: 28 * DAY, audit: 'post' });
    const liveTargets = sun.slice(0, 6);
    await publish(live, liveTargets, await application(live.id, 'apply', liveTargets, 'post'));
    // Issued the day it began; five devices pulled it twenty minutes later.
    await updateDemoRecords(tx, live.id, {
      pubAt: new Date(now.getTime() - 2 * DAY - HOUR),
      createdAt: new Date(now.getTime() - 2 * DAY - HOUR),
    });
    const pulledRefs = liveTargets.slice(0, 5).map((x) => x.ref);
    await updateDemoRecords(
      tx,
      live.id,
      { state: 'pulled', pullAt: new Date(now.getTime() - 2 * DAY + 20 * 60_000) },
      pulledRefs,
    );

    // A year of delivery: written, approved and issued a year ago, pulled before its first day, on until
    // six weeks from now (a year of statistics: the seeded plays older than a week are written straight
    // into the rollups, play-events.seed.ts).
    const yearAgo = 366 * DAY;
    const year = await plan('Brand Year', [latte, spot], {
      begin: -yearAgo,
      end: 42 * DAY,
      audit: 'post',
      times: [
        { begin: t(10), end: t(13) },
        { begin: t(17), end: t(21) },
      ],
      createdAgo: yearAgo + 3 * DAY,
    });
    const yearTargets = [...sun.slice(12, 14), ...har.slice(6, 8)];
    await publish(
      year,
      yearTargets,
      await application(year.id, 'apply', yearTargets, 'post', { decidedAgo: yearAgo + DAY }),
    );
    await updateDemoRecords(tx, year.id, {
      state: 'pulled',
      pubAt: new Date(now.getTime() - yearAgo - 2 * HOUR),
      createdAt: new Date(now.getTime() - yearAgo - 2 * HOUR),
      pullAt: new Date(now.getTime() - yearAgo - HOUR),
    });

    // Low pull rate: approved, published, few devices pulled (a warning on the list).
    const low = await plan('Spot Weekends', [spot], {
      begin: -DAY,
      end: 20 * DAY,
      audit: 'post',
      cycle: { type: 'weekly', data: [6, 7] },
      times: [{ begin: t(10), end: t(20) }],
    });
    const lowTargets = [...sun.slice(6, 10), ...har.slice(0, 2)];
    await publish(low, lowTargets, await application(low.id, 'apply', lowTargets, 'post'));
    await updateDemoRecords(tx, low.id, {
      pubAt: new Date(now.getTime() - 4 * HOUR),
      createdAt: new Date(now.getTime() - 4 * HOUR),
    });
    await updateDemoRecords(
      tx,
      low.id,
      { state: 'pulled', pullAt: new Date(now.getTime() - 3 * HOUR) },
      lowTargets.slice(0, 2).map((x) => x.ref),
    );

    // Not started: approved and issued, begins next week (Sydney time).
    const later = await plan('Split Autumn', [split], {
      begin: 7 * DAY,
      end: 40 * DAY,
      audit: 'post',
      zone: 'Australia/Sydney',
    });
    const laterTargets = har.slice(2, 5);
    await publish(later, laterTargets, await application(later.id, 'apply', laterTargets, 'post'));

    // Waiting for the property owner and an operator.
    const waiting = await plan('Cold Brew Launch', [latte, spot], { begin: DAY, end: 30 * DAY, audit: 'pending' });
    await application(waiting.id, 'apply', sun.slice(8, 12), 'pending');
    // Owner approved, waiting for an operator.
    const half = await plan('Mocha Monthly', [spot], {
      begin: 2 * DAY,
      end: 60 * DAY,
      audit: 'pending',
      cycle: { type: 'monthly', data: [1, 15] },
    });
    await application(half.id, 'apply', sun.slice(0, 3), 'pending', { ownerDecided: true });
    // Auto-approving property: only the operators review.
    const harbourPlan = await plan('Harbour Hello', [latte], {
      begin: DAY,
      end: 14 * DAY,
      audit: 'pending',
      zone: 'Asia/Hong_Kong',
    });
    await application(harbourPlan.id, 'apply', har.slice(3, 6), 'pending');

    // Rejected with a reason.
    const rejected = await plan('Too Dark Promo', [latte], {
      begin: DAY,
      end: 10 * DAY,
      audit: 'reject',
      note: '画面太暗，请调整亮度',
    });
    await application(rejected.id, 'apply', sun.slice(2, 4), 'reject', { note: '画面太暗，请调整亮度' });

    // Delivered, then cancelled through an approved cancellation.
    const over = await plan('Summer Promo', [spot], { begin: -10 * DAY, end: 5 * DAY, audit: 'post' });
    const overTargets = sun.slice(4, 6);
    await publish(over, overTargets, await application(over.id, 'apply', overTargets, 'post'));
    const cancelId = await application(over.id, 'cancel', overTargets, 'post', { reason: '活动提前结束' });
    // Issued and pulled when it began, played until the cancellation.
    await updateDemoRecords(tx, over.id, {
      state: 'cancelled',
      pubAt: new Date(now.getTime() - 10 * DAY - HOUR),
      createdAt: new Date(now.getTime() - 10 * DAY - HOUR),
      pullAt: new Date(now.getTime() - 10 * DAY + HOUR),
      cancelledAt: now,
      cancelReason: '活动提前结束',
      applicationId: cancelId,
    });

    // A cancellation waiting for review on the live plan.
    await application(live.id, 'cancel', liveTargets.slice(5, 6), 'pending', { reason: '门店装修' });

    // A draft: never applied for.
    await plan('Draft Ideas', [latte], { begin: 3 * DAY, end: 33 * DAY });
  },
};
