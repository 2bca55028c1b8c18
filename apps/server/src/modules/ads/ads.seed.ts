import { newId } from '@robot-ads/contracts/common/ids';
import type { Tx } from '../../db/client';
import type { Seeder } from '../../platform/seeding';
import { accountsByUsernames } from '../accounts/accounts.queries';
import { materialIdsOf } from '../resources/resources.queries';
import { adResources, advertisements } from './ads.table';

async function addAd(
  tx: Tx,
  owner: { id: string; customer: string | null },
  ad: { name: string; kind: 'video' | 'picture'; template: number; screens: string[][] },
  now: Date,
) {
  const id = newId();
  await tx.insert(advertisements).values({
    id,
    name: ad.name,
    kind: ad.kind,
    // Valid since before the demo's year of history (Brand Year): a device plays an ad only within its validity.
    beginAt: new Date(now.getTime() - 400 * 86400_000),
    endAt: new Date(now.getTime() + 90 * 86400_000),
    timeZone: 'Asia/Shanghai',
    template: ad.template,
    ownerId: owner.id,
    customerId: owner.customer,
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .insert(adResources)
    .values(
      ad.screens.flatMap((screen, s) =>
        screen.map((resourceId, p) => ({ adId: id, resourceId, screen: s, position: p })),
      ),
    );
}

/**
 * The demo ads, built from the demo materials (the materials seeder runs first): Lucky Coffee's picture
 * ad and, when the demo videos could be made, its two video ads; the operators' welcome ad.
 */
export const adsSeeder: Seeder = {
  name: 'ads',
  async run(tx, { now }) {
    const users = await accountsByUsernames(tx, ['adv', 'ops']);
    const adv = users.get('adv');
    const ops = users.get('ops');
    if (!adv || !ops) return;
    const advOwner = { id: adv.id, customer: adv.customerId };
    const lucky = await materialIdsOf(tx, adv.id);
    const id = (name: string) => lucky.get(name);
    const latte = id('latte-art.picture');
    const coldBrew = id('cold-brew.picture');
    if (latte && coldBrew) {
      await addAd(
        tx,
        advOwner,
        { name: 'Morning Latte', kind: 'picture', template: 1, screens: [[latte], [coldBrew]] },
        now,
      );
    }
    const spot = id('coffee-spot.video');
    const banner = id('split-banner.picture');
    const splitMain = id('split-main.video');
    if (spot && banner && splitMain) {
      await addAd(tx, advOwner, { name: 'Coffee Spot', kind: 'video', template: 1, screens: [[spot]] }, now);
      await addAd(
        tx,
        advOwner,
        { name: 'Split Promo', kind: 'video', template: 2, screens: [[banner, splitMain]] },
        now,
      );
    }
    const welcome = (await materialIdsOf(tx, ops.id)).get('welcome.picture');
    if (welcome) {
      const opsOwner = { id: ops.id, customer: null };
      await addAd(tx, opsOwner, { name: 'Welcome Robot', kind: 'picture', template: 1, screens: [[welcome]] }, now);
    }
  },
};
