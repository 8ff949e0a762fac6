import type { ShareBar } from '@/components/ui/share-bars';
import { countryName, formatCount, formatPercent } from '@/lib/format';
import type { CountryShare, DeviceShare } from '@/lib/api/types';

const sessions = (count: number) => `${formatCount(count)} ${count === 1 ? 'session' : 'sessions'}`;

/** The first `count` countries (the API sends them most sessions first) as bars of their share. */
export const countryBars = (countries: CountryShare[], count: number): ShareBar[] =>
  countries.slice(0, count).map((country) => ({
    label: countryName(country.name),
    fraction: country.percentage / 100,
    value: `${formatPercent(country.percentage)} · ${sessions(country.sessions)}`,
  }));

/** Every device type as a bar of its share ("Desktop 62.5% · 10 sessions"). */
export const deviceBars = (devices: DeviceShare[]): ShareBar[] =>
  devices.map((device) => ({
    label: device.name.charAt(0).toUpperCase() + device.name.slice(1),
    fraction: device.percentage / 100,
    value: `${formatPercent(device.percentage)} · ${sessions(device.sessions)}`,
  }));
