import { newId } from '@robot-ads/contracts/common/ids';
import {
  AD_CAPABLE_TYPES,
  DEVICE_TYPES,
  ONLINE_WINDOW_MS,
  SALES_TYPES,
  SCREEN_RATIOS,
} from '@robot-ads/contracts/devices/devices.rules';
import type { Seeder } from '../../platform/seeding';
import { findAccountByUsername, updateAccount } from '../accounts/accounts.queries';
import { projects, robots, robotTransitions, scenes } from './devices.table';

/** A small deterministic generator so that every demo database looks the same. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The demo cities (their names are in the GB/T 2260 list: devices.seed-regions.test.ts). */
export const DEMO_CITIES = [
  { code: 'SZ', province: '广东省', city: '深圳市', district: '南山区', lng: 113.93, lat: 22.53 },
  { code: 'GZ', province: '广东省', city: '广州市', district: '天河区', lng: 113.36, lat: 23.13 },
  { code: 'BJ', province: '北京市', city: '北京市', district: '朝阳区', lng: 116.48, lat: 39.95 },
  { code: 'SH', province: '上海市', city: '上海市', district: '浦东新区', lng: 121.54, lat: 31.22 },
  { code: 'HZ', province: '浙江省', city: '杭州市', district: '西湖区', lng: 120.13, lat: 30.26 },
  { code: 'CD', province: '四川省', city: '成都市', district: '武侯区', lng: 104.04, lat: 30.64 },
  { code: 'WH', province: '湖北省', city: '武汉市', district: '江汉区', lng: 114.27, lat: 30.6 },
  { code: 'NJ', province: '江苏省', city: '南京市', district: '鼓楼区', lng: 118.77, lat: 32.07 },
] as const;

/** Demo properties; the first two belong to the demo owner accounts. */
export const DEMO_PROJECTS = [
  { key: 'sunshine', name: '阳光广场', type: 'project', city: 'SZ', owner: 'owner' },
  { key: 'harbour', name: '海港城', type: 'project', city: 'SH', owner: 'owner_auto' },
  { key: 'wanda', name: '万达影城', type: 'movie', city: 'BJ' },
  { key: 'westlake', name: '西湖银泰', type: 'project', city: 'HZ', owner: 'owner_east' },
  { key: 'tianfu', name: '天府中心', type: 'project', city: 'CD' },
  { key: 'riverside', name: '江汉写字楼', type: 'common', city: 'WH' },
  { key: 'jinling', name: '金陵广场', type: 'project', city: 'NJ' },
  { key: 'pearl', name: '珠江新城中心', type: 'project', city: 'GZ' },
] as const;

const SCENES = ['大堂', '商场中庭', '影院大厅', '电梯厅', '停车场', '前台'];
// Values of the industry catalogue (contracts INDUSTRIES), shown in the user's language (issue 38).
const INDUSTRIES = ['wholesale_retail', 'catering', 'finance', 'real_estate', 'culture', 'manufacturing'];
export const DEMO_ROBOT_COUNT = 320;

/** A few hundred robots across provinces, types and states; properties, scenes and groups. */
export const devicesSeeder: Seeder = {
  name: 'devices',
  async run(tx, { now }) {
    const rand = prng(20260301);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

    const projectIds: Record<string, string> = {};
    for (const p of DEMO_PROJECTS) {
      const c = DEMO_CITIES.find((x) => x.code === p.city) ?? DEMO_CITIES[0];
      const id = newId();
      projectIds[p.key] = id;
      await tx.insert(projects).values({
        id,
        name: p.name,
        type: p.type,
        province: c.province,
        city: c.city,
        district: c.district,
        address: `${c.city}${c.district}${p.name}`,
        contact: '物业中心',
        phone: '0755-88880000',
        createdAt: now,
      });
      if ('owner' in p) {
        const account = await findAccountByUsername(tx, p.owner);
        if (account) await updateAccount(tx, account.id, { projectId: id });
      }
    }
    const sceneIds = SCENES.map(() => newId());
    await tx.insert(scenes).values(SCENES.map((name, i) => ({ id: sceneIds[i] as string, name, createdAt: now })));

    const rows: Array<typeof robots.$inferInsert> = [];
    const transitions: Array<typeof robotTransitions.$inferInsert> = [];
    const seq: Record<string, number> = {};
    for (let i = 0; i < DEMO_ROBOT_COUNT; i++) {
      // 85% stand in a property; the rest are inventory in a city without one.
      const project = rand() < 0.85 ? pick(DEMO_PROJECTS) : null;
      const c = DEMO_CITIES.find((x) => x.code === (project?.city ?? pick(DEMO_CITIES).code)) ?? DEMO_CITIES[0];
      seq[c.code] = (seq[c.code] ?? 0) + 1;
      const n = seq[c.code] as number;
      const type = rand() < 0.85 ? pick(AD_CAPABLE_TYPES) : pick(DEVICE_TYPES);
      const roll = rand();
      const activated = roll >= 0.08;
      const expired = roll >= 0.08 && roll < 0.13;
      const unused = roll >= 0.13 && roll < 0.18;
      const online = roll >= 0.18 && roll < 0.72;
      const id = newId();
      const lastHeartbeatAt = !activated
        ? null
        : online
          ? new Date(now.getTime() - Math.floor(rand() * 20_000))
          : new Date(now.getTime() - Math.floor((1 + rand() * 72) * 3600_000));
      rows.push({
        id,
        robotId: `R${c.code}${String(1000 + n)}`,
        name: `${project?.name ?? c.city.replace('市', '')}-${String(n).padStart(2, '0')}`.slice(0, 15),
        type,
        projectId: project ? projectIds[project.key] : null,
        sceneId: project ? (pick(sceneIds) as string) : null,
        province: c.province,
        city: c.city,
        district: c.district,
        address: `${c.city}${c.district}${project?.name ?? ''}`,
        // Spread within ~6 km of the city centre.
        lng: Math.round((c.lng + (rand() - 0.5) * 0.12) * 1e5) / 1e5,
        lat: Math.round((c.lat + (rand() - 0.5) * 0.1) * 1e5) / 1e5,
        activated,
        // Activated 1-2 years ago: before the year of demo history (Brand Year was pulled 366 days ago).
        activatedAt: activated ? new Date(now.getTime() - Math.floor((370 + rand() * 330) * 86400_000)) : null,
        expireAt: expired
          ? new Date(now.getTime() - Math.floor((1 + rand() * 60) * 86400_000))
          : new Date(now.getTime() + Math.floor((60 + rand() * 700) * 86400_000)),
        inUse: !unused,
        salesType: pick(SALES_TYPES),
        hasContract: rand() < 0.6,
        postAds: rand() < 0.9,
        listType: rand() < 0.03 ? 'blacklist' : rand() < 0.05 ? 'whitelist' : 'none',
        screenRatio: rand() < 0.7 ? '1080_1920' : pick(SCREEN_RATIOS),
        template: rand() < 0.75 ? 1 : 2,
        priceFen: Math.round(50 + rand() * 450) * 100,
        industryName: pick(INDUSTRIES),
        online: Boolean(online && activated),
        lastHeartbeatAt,
        deviceStatus: online ? 'playing' : lastHeartbeatAt ? 'idle' : null,
        appVersion: activated ? pick(['2.0.3', '2.1.0', '2.1.1']) : null,
        freeStorage: activated ? Math.floor((2 + rand() * 30) * 1e9) : null,
        createdAt: new Date(now.getTime() - Math.floor((60 + rand() * 400) * 86400_000)),
        updatedAt: now,
      });
      if (lastHeartbeatAt) {
        const since = new Date(lastHeartbeatAt.getTime() - Math.floor((1 + rand() * 48) * 3600_000));
        transitions.push({ id: newId(), robotRef: id, kind: 'online', at: since });
        if (!online) {
          transitions.push({
            id: newId(),
            robotRef: id,
            kind: 'offline',
            at: new Date(lastHeartbeatAt.getTime() + ONLINE_WINDOW_MS),
          });
        }
      }
    }
    for (let i = 0; i < rows.length; i += 200) await tx.insert(robots).values(rows.slice(i, i + 200));
    for (let i = 0; i < transitions.length; i += 200)
      await tx.insert(robotTransitions).values(transitions.slice(i, i + 200));
  },
};
