import type { ViewingDeviceType } from '@kinora/contracts';

/**
 * Public addresses of well-known networks in several countries, for the demo traffic: the
 * IP-to-country database places each (check with `ClientContext.country`), and one private address
 * stands for viewers the database cannot place ("Unknown").
 */
export const DEMO_ADDRESSES = [
  '8.8.8.8', // US
  '81.2.69.160', // GB
  '1.1.1.1', // AU
  '9.9.9.9', // US
  '62.210.16.6', // FR
  '85.214.132.117', // DE
  '133.242.0.3', // JP
  '200.160.2.3', // BR
  '202.12.27.33', // JP
  '41.203.64.1', // NG
  '190.216.0.1', // AR
  '196.10.52.57', // ZA
  '193.0.6.139', // NL
  '194.109.6.66', // NL
  '210.220.163.82', // KR
  '10.1.2.3', // private: Unknown
];

export const DEMO_AGENTS: { userAgent: string; deviceType: ViewingDeviceType }[] = [
  {
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    deviceType: 'desktop',
  },
  {
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    deviceType: 'desktop',
  },
  {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    deviceType: 'desktop',
  },
  {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    deviceType: 'mobile',
  },
  {
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    deviceType: 'mobile',
  },
  {
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    deviceType: 'tablet',
  },
  {
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    deviceType: 'tablet',
  },
];
