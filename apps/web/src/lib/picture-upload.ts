import type { Ok } from '@robot-ads/contracts/common/envelope';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { checkQrImage, type Refusal, readFileFacts } from '@robot-ads/contracts/media/media.rules';
import type { MediaDto } from '@robot-ads/contracts/media/media.schemas';
import { useRef, useState } from 'react';
import { api } from './api-client';
import { lang } from './i18n';
import { failureText, newKey, refusalText, sendToStorage, UploadCanceled, uploadCredentials } from './media-upload';

/**
 * A QR code or watermark picture checked in the browser with the shared QR rules (jpg/jpeg/png/bmp, at
 * most 2MB, type from the bytes) before a byte is sent.
 */
export async function checkOverlayPicture(file: File): Promise<{ refusal: Refusal | null; ext?: string }> {
  const facts = await readFileFacts(
    file.name,
    file.size,
    async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
  );
  return { refusal: checkQrImage(facts), ext: facts.sniffed?.ext };
}

/**
 * Uploads a checked QR code or watermark picture straight to storage (progress, abortable), then lets
 * the server check the stored bytes again and register it with purpose `qr` (or `licence`: the
 * enterprise information's licence and qualification pictures follow the same picture rule).
 */
export async function uploadOverlayPicture(
  file: File,
  ext: string,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
  purpose: 'qr' | 'licence' = 'qr',
): Promise<MediaDto> {
  const creds = await uploadCredentials(Date.now(), purpose === 'licence' ? 'licence' : 'material');
  // Object keys are typed dir/{video|picture|…|qr}/…: a licence is a picture.
  const key = newKey(creds, purpose === 'licence' ? 'picture' : 'qr', ext);
  await sendToStorage(file, key, creds, onProgress, signal);
  return api.post<Ok<MediaDto>>('/api/Media', { key, name: file.name, purpose }, { silent: true });
}

/**
 * The state of one picture upload field (QR rule: checked in the browser, uploaded, registered):
 * `upload(file)` reports the registered picture to `onUploaded`; `percent` is null when idle;
 * `failure` is the refusal or error text; `cancel()` stops a running upload.
 */
export function usePictureUpload(
  purpose: 'qr' | 'licence',
  onUploaded: (media: MediaDto) => void,
  unreadable: (file: File) => string = (file) => messageFor('UPLOAD_UNREADABLE', lang(), { file: file.name }),
) {
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function upload(file: File) {
    setFailure(null);
    const { refusal, ext } = await checkOverlayPicture(file);
    if (refusal || !ext) {
      setFailure(refusal ? refusalText(refusal) : unreadable(file));
      return;
    }
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setPercent(0);
    try {
      onUploaded(await uploadOverlayPicture(file, ext, setPercent, abort.signal, purpose));
    } catch (err) {
      setFailure(err instanceof UploadCanceled ? err.message : failureText(err));
    } finally {
      if (controller.current === abort) controller.current = null;
      setPercent(null);
    }
  }
  return { percent, failure, upload, cancel: () => controller.current?.abort() };
}
