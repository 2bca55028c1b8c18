import { messageFor } from '@robot-ads/contracts/common/errors';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { useState } from 'react';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { installDomShims } from '../../../test-dom';
import { NO_OVERLAY, OverlayField, type OverlayValue, overlayIssue } from './overlay-field';
import { RobotPreview } from './robot-preview';

/** The editor's QR code section wired to the robot preview, as the ad editor wires them. */
function QrSection({ initial }: { initial: OverlayValue }) {
  const [qr, setQr] = useState(initial);
  return (
    <App>
      <OverlayField overlay="qr" value={qr} onChange={setQr} />
      <RobotPreview screens={[]} template={1} qr={qr} />
    </App>
  );
}

const uploaded: OverlayValue = {
  mediaId: '0123456789abcdef01234567',
  position: null,
  name: 'menu-qr.png',
  url: '/api/Media/file/materials/c-x/picture/qr.png?expires=1&signature=s',
  thumbnail: '/api/Media/file/materials/c-x/thumb/qr.jpg?expires=1&signature=s',
};

async function png(size: number): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png()
    .toBuffer();
}

function fileInput(): HTMLInputElement {
  const input = screen.getByTestId('overlay-qr').querySelector('input[type=file]');
  if (!input) throw new Error('no file input');
  return input as HTMLInputElement;
}

beforeAll(async () => {
  installDomShims();
  await initI18n('en');
  await i18n.loadNamespaces('ads');
});
afterEach(cleanup);

describe('QR code section of the ad editor', () => {
  it('places an uploaded QR code at the chosen position in the preview, and removes it', async () => {
    const user = userEvent.setup();
    render(<QrSection initial={uploaded} />);
    // The uploaded picture shows as a thumbnail; without a position it is not on the screen yet.
    expect(screen.getByTestId('overlay-qr-thumbnail').getAttribute('src')).toBe(uploaded.thumbnail);
    expect(screen.queryByTestId('robot-overlay')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'QR code position' }));
    // The six positions of spec section 9, by name.
    for (const label of ['Upper left', 'Upper right', 'Lower left', 'Bottom center', 'Top center']) {
      expect(await screen.findByTitle(label)).toBeTruthy();
    }
    await user.click(screen.getByTitle('Lower right'));

    const overlay = await screen.findByTestId('robot-overlay');
    expect(overlay.getAttribute('src')).toBe(uploaded.url);
    expect(overlay.getAttribute('alt')).toBe('QR code');
    expect(overlay.dataset.position).toBe('lowerRight');
    // In the lower right corner of the robot's screen, as the player puts it (40 of 1080 pixels in).
    expect(overlay.style.right).toBe('10px');
    expect(overlay.style.bottom).toBe('10px');
    expect(overlay.style.top).toBe('');

    await user.click(screen.getByRole('button', { name: 'Remove the QR code' }));
    await waitFor(() => expect(screen.queryByTestId('robot-overlay')).toBeNull());
    expect(screen.queryByTestId('overlay-qr-thumbnail')).toBeNull();
    expect(screen.getByRole('button', { name: /Upload picture/ })).toBeTruthy();
  });

  it('refuses a picture over 2MB and a file that is not a picture before sending a byte', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<QrSection initial={NO_OVERLAY} />);
    const small = await png(300);
    const big = new File([new Uint8Array(small), new Uint8Array(2 * 1024 * 1024)], 'big-qr.png', { type: 'image/png' });
    await user.upload(fileInput(), big);
    expect(await screen.findByText('big-qr.png: 2MB exceeds the QR limit of 2MB')).toBeTruthy();

    const program = new File([new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])], 'qr.png', { type: 'image/png' });
    await user.upload(fileInput(), program);
    expect(await screen.findByText('qr.png: file type not supported (accepted: jpg/jpeg/png/bmp)')).toBeTruthy();
    expect(screen.queryByTestId('overlay-qr-thumbnail')).toBeNull();
  });

  it('asks for a position for a picture, and a picture for a position, with the server messages', () => {
    expect(overlayIssue({ ...uploaded, position: null })).toBe('AD_OVERLAY_POSITION_REQUIRED');
    expect(overlayIssue({ mediaId: null, position: 'topCenter' })).toBe('AD_OVERLAY_PICTURE_REQUIRED');
    expect(overlayIssue({ ...uploaded, position: 'topCenter' })).toBeNull();
    expect(overlayIssue(NO_OVERLAY)).toBeNull();
    expect(messageFor('AD_OVERLAY_POSITION_REQUIRED', 'zh')).toBe('请选择图片的显示位置');
  });
});
