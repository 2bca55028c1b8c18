import { renderSVG } from 'uqr';

/**
 * The QR code the player draws over an ad with a QR target: the tracking address of the schedule
 * (PUBLIC_URL/q/<code>, or a path resolved against the server the player talks to), as an SVG image.
 * A scan of it is counted by the server, which then redirects to the ad's target (docs/statistics.md).
 */
export function trackingAddress(link: string, base: string): string {
  return new URL(link, base).href;
}

/** A data: URL of the QR code of `address` (error correction M, a 2-module quiet zone). */
export function qrImageUrl(address: string): string {
  const svg = renderSVG(address, { ecc: 'M', border: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
