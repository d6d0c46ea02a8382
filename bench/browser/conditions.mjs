// The conditions a page is measured in: the phone Lighthouse's mobile preset emulates, and the CPU and
// network throttling applied in the browser (issue 33).
import { throttling } from 'lighthouse/core/config/constants.js';

/** A 412-px phone as Lighthouse's mobile preset emulates it (moto g power, DPR 1.75). */
export const PHONE = Object.freeze({
  // The screen as wide as the viewport, as on a phone: a wider emulated screen made Chromium fetch
  // a second, desktop-sized copy of the preloaded picture.
  viewport: { width: 412, height: 823 },
  screen: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
});

/**
 * Lighthouse's own "slow 4G" for applied (DevTools) throttling: 150 ms RTT and 1.6 Mbps down / 750 kbps up,
 * which Lighthouse applies per request as 562.5 ms latency, 1474.6 kbps down and 675 kbps up (its RTT × 3.75
 * and throughput × 0.9, because DevTools delays each request and does not model TCP's round trips).
 */
export const SLOW_4G = Object.freeze({
  latencyMs: throttling.mobileSlow4G.requestLatencyMs,
  downloadKbps: throttling.mobileSlow4G.downloadThroughputKbps,
  uploadKbps: throttling.mobileSlow4G.uploadThroughputKbps,
});

/**
 * Slows the page's CPU `cpu`× and, with `network`, its requests to SLOW_4G, through the page's DevTools
 * session (Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions); returns that session.
 */
export async function throttle(context, page, { cpu = 1, network = false } = {}) {
  const cdp = await context.newCDPSession(page);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.latencyMs,
      // bytes per second
      downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
    });
  }
  return cdp;
}
