import type { AppContext } from '../../platform/context';
import { adMainResourceId } from '../ads/ads.queries';
import { mediaByIds } from '../media/media.queries';
import { materialStillSource } from '../resources/resources.queries';
import { PHOTO_MATCH_MAX_DISTANCE, photoMatchDistance } from './photo-match';
import { setPhotoMatch } from './shooting.repository';

/** The still of an ad's main material: a picture's file, a video's poster frame; null when there is none. */
async function materialStill(ctx: AppContext, adId: string): Promise<Buffer | null> {
  const resourceId = await adMainResourceId(ctx.db, adId);
  const source = resourceId ? await materialStillSource(ctx.db, resourceId) : null;
  if (!source) return null;
  let key = source.posterKey;
  if (source.kind === 'picture')
    key = (await mediaByIds(ctx.db, [source.mediaId])).get(source.mediaId)?.objectKey ?? null;
  if (!key) return null;
  const head = await ctx.storage.head(key);
  return head ? ctx.storage.readRange(key, 0, head.size) : null;
}

/**
 * Photo check (docs/shooting.md): compares a registered photo with the material of its ad and stores
 * the distance and whether the record needs review. A material without a still (a document, a video
 * without poster) leaves the distance null and the record unflagged. Runs after the record is stored;
 * a failure is logged, never the robot's error.
 */
export async function checkPhoto(ctx: AppContext, record: { id: string; objectKey: string; adId: string }) {
  try {
    const still = await materialStill(ctx, record.adId);
    if (!still) return;
    const head = await ctx.storage.head(record.objectKey);
    if (!head) return;
    const photo = await ctx.storage.readRange(record.objectKey, 0, head.size);
    const distance = await photoMatchDistance(photo, still);
    await setPhotoMatch(ctx.db, record.id, distance, distance > PHOTO_MATCH_MAX_DISTANCE);
  } catch (err) {
    ctx.log.warn({ err, recordId: record.id }, 'photo check failed');
  }
}
