import { newId } from '@robot-ads/contracts/common/ids';
import sharp from 'sharp';
import type { Seeder } from '../../platform/seeding';
import { findAccountByUsername } from '../accounts/accounts.queries';
import { statRobotRefs } from '../devices/devices.queries';
import { storeDemoPicture } from '../media/media.queries';
import { wechatBanners, wechatUsers } from './wechat.table';

/** A banner picture (sharp renders the SVG), 750x300 as the mini-program's home page shows it. */
async function bannerPicture(title: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300">
    <rect width="750" height="300" fill="${colour}"/>
    <text x="375" y="170" font-size="56" text-anchor="middle" fill="#fff">${title}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const DEMO_USERS = [
  { nickname: '小林', phone: '13800000101' },
  { nickname: 'Amy', phone: '' },
  { nickname: '王先生', phone: '13800000103' },
  { nickname: 'Coffee lover', phone: '' },
  { nickname: '陈女士', phone: '13800000105' },
];

/** Demo mini-program users (brought by the first demo robots' QR codes) and two live banners. */
export const wechatSeeder: Seeder = {
  name: 'wechat',
  async run(tx, { now, app }) {
    const root = await findAccountByUsername(tx, 'root');
    const robots = await statRobotRefs(tx, {});
    for (const [i, u] of DEMO_USERS.entries()) {
      const first = new Date(now.getTime() - (10 - i) * 86400_000);
      await tx.insert(wechatUsers).values({
        id: newId(first.getTime()),
        openid: `demo-openid-${String(i + 1).padStart(4, '0')}`,
        nickname: u.nickname,
        phone: u.phone,
        robotRef: robots[i % Math.max(1, robots.length)] ?? null,
        firstVisitAt: first,
        lastVisitAt: new Date(now.getTime() - i * 3600_000),
      });
    }
    if (!root) return;
    const banners = [
      { title: 'Lucky Coffee 新品', link: 'https://example.com/lucky-coffee', colour: '#8b4513' },
      { title: '会员中心', link: 'pages/member/index', colour: '#3574f7' },
    ];
    for (const [sort, b] of banners.entries()) {
      const mediaId = await storeDemoPicture(
        tx,
        app,
        { id: root.id, customer: null },
        `banner-${sort + 1}.png`,
        await bannerPicture(b.title, b.colour),
        'qr',
        now,
      );
      await tx.insert(wechatBanners).values({
        id: newId(now.getTime()),
        mediaId,
        title: b.title,
        link: b.link,
        sort,
        enabled: true,
        createdBy: root.id,
        createdAt: now,
        updatedAt: now,
      });
    }
  },
};
