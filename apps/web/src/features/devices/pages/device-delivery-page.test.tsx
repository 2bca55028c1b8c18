import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import DeviceDeliveryPage from './device-delivery-page';

resetAfterEach();

const robot = {
  id: 'r1',
  robotId: 'RBJ1002',
  name: 'Wanda-02',
  type: 'service',
  sceneId: null,
  sceneName: null,
  projectId: null,
  propertyname: null,
  projecttype: null,
  install: { panoramaList: [] },
  province: null,
  city: null,
  district: null,
  address: null,
  lng: null,
  lat: null,
  actTag: true,
  activatedAt: 1_700_000_000,
  expireTime: null,
  used: true,
  state: 'online',
  online: true,
  salesType: 'rental',
  isThereAContract: true,
  postAds: true,
  listType: 'none',
  screenRatio: '1080_1920',
  template: 1,
  resourceNumber: 1,
  remainingSlots: 14,
  price: 100,
  industryName: 'manufacturing',
  lastHeartbeat: null,
  appVersion: null,
  freeStorage: null,
  createtime: 1_700_000_000,
};

function server() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/api/Devices/queryRobotInfo')
        ? json(200, { success: true, total: 320, datas: [robot] })
        : json(200, { success: true, data: [] }),
    ),
  );
}

describe('/device/index', { timeout: 90_000 }, () => {
  it.each([
    ['en', '320 devices'],
    ['zh', '共 320 台设备'],
  ] as const)('says what the pager total counts (%s)', async (language, total) => {
    server();
    await renderWithApp(<DeviceDeliveryPage />, language);
    expect(await screen.findByText(total, {}, { timeout: 30_000 })).toBeTruthy();
  });

  it('brings the plan list of the device clicked into view', async () => {
    server();
    const scrolled: Element[] = [];
    const scroll = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scroll;
    try {
      await renderWithApp(<DeviceDeliveryPage />, 'en');
      fireEvent.click(await screen.findByText('RBJ1002', {}, { timeout: 30_000 }));
      await waitFor(() => expect(scroll).toHaveBeenCalled());
      expect(scrolled.at(-1)?.getAttribute('data-testid')).toBe('device-plans');
      expect(scrolled.at(-1)?.textContent).toContain('RBJ1002');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
