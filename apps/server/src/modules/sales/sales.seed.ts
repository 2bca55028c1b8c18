import { newId } from '@robot-ads/contracts/common/ids';
import type { Seeder } from '../../platform/seeding';
import { findAccountByUsername } from '../accounts/accounts.queries';
import { branches, leadNotes, leads } from './sales.table';

const DAY = 86_400_000;

/** Demo sales data: leads of the salesperson `sales` in each follow-up state, and the east branch. */
export const salesSeeder: Seeder = {
  name: 'sales',
  async run(tx, { now }) {
    const sales = await findAccountByUsername(tx, 'sales');
    const east = await findAccountByUsername(tx, 'east');
    if (!sales) return;
    const rows = [
      {
        name: '星光影城',
        phone: '13700000001',
        priority: 'high',
        followState: 'following',
        province: '广东省',
        city: '深圳市',
        next: 1,
      },
      {
        name: 'Blue Bakery',
        phone: '13700000002',
        priority: 'ordinary',
        followState: 'notFollowed',
        province: '上海市',
        city: '上海市',
        next: 0,
      },
      {
        name: '悦动健身',
        phone: '13700000003',
        priority: 'low',
        followState: 'discarded',
        province: '四川省',
        city: '成都市',
        next: null,
      },
    ] as const;
    const ids = rows.map(() => newId());
    await tx.insert(leads).values(
      rows.map((r, i) => ({
        id: ids[i] as string,
        name: r.name,
        phone: r.phone,
        province: r.province,
        city: r.city,
        source: 'visit',
        priority: r.priority,
        followState: r.followState,
        ownerId: sales.id,
        ownerName: sales.name,
        nextFollowAt: r.next === null ? null : new Date(now.getTime() + r.next * DAY),
        lastNoteAt: r.followState === 'notFollowed' ? null : new Date(now.getTime() - DAY),
        createdAt: new Date(now.getTime() - 3 * DAY),
      })),
    );
    await tx.insert(leadNotes).values({
      id: newId(),
      leadId: ids[0] as string,
      authorId: sales.id,
      authorName: sales.name,
      content: '已电话沟通，客户希望了解深圳商场机器人屏的周价',
      followState: 'following',
      createdAt: new Date(now.getTime() - DAY),
    });
    if (east) {
      await tx.insert(branches).values({
        id: newId(),
        name: '华东网点',
        accountId: east.id,
        regions: [{ province: '浙江省', city: '' }],
        createdBy: east.id,
        createdAt: now,
      });
    }
  },
};
