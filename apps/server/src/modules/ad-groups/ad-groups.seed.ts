import { newId } from '@robot-ads/contracts/common/ids';
import type { Seeder } from '../../platform/seeding';
import { findAccountByUsername } from '../accounts/accounts.queries';
import { deliverableRobotsWithEndDate } from '../devices/devices.queries';
import { adGroupRobots, adGroups } from './ad-groups.table';

/** Device groups made by the operations account, from the demo robots. */
export const adGroupsSeeder: Seeder = {
  name: 'ad-groups',
  async run(tx, { now }) {
    const ops = await findAccountByUsername(tx, 'ops');
    if (!ops) return;
    const deliverable = await deliverableRobotsWithEndDate(tx, now);
    const groups = [
      { name: '深圳商场组', members: deliverable.filter((r) => r.city === '深圳市').slice(0, 12) },
      { name: '北京影院组', members: deliverable.filter((r) => r.city === '北京市').slice(0, 10) },
      { name: '全国迎宾机器人', members: deliverable.filter((r) => r.type === 'welcome').slice(0, 20) },
    ];
    for (const g of groups) {
      const id = newId();
      await tx.insert(adGroups).values({ id, name: g.name, creatorId: ops.id, createdAt: now });
      if (g.members.length > 0) {
        await tx.insert(adGroupRobots).values(g.members.map((m) => ({ groupId: id, robotRef: m.id, addedAt: now })));
      }
    }
  },
};
