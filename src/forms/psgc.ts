/**
 * The address picker's data: the PSGC lists the build ships as static JSON under /psgc/ (scripts/vite/psgc.ts), one
 * file per level and parent, fetched when the borrower opens that level and cached by the service worker.
 */
import type { AddressArea, AddressLevel, LoadLevel } from '#engine/widgets/address-picker.tsx';

const version = typeof __PSGC_VERSION__ === 'string' ? __PSGC_VERSION__ : 'dev';

/** The URL of a level's list: provinces, the cities of a province, the barangays of a city. */
export function psgcUrl(level: AddressLevel, parentCode: string | null): string {
  const path = level === 'province' ? 'provinces' : `${level === 'city' ? 'cities' : 'barangays'}/${parentCode ?? ''}`;
  return `/psgc/${path}.json?v=${version}`;
}

/** Fetches one level; rejects on a network or HTTP error so the widget offers to retry. */
export const loadPsgcLevel: LoadLevel = async (level, parentCode) => {
  const response = await fetch(psgcUrl(level, parentCode));
  if (!response.ok) throw new Error(`PSGC ${level} ${parentCode ?? ''}: HTTP ${response.status}`);
  return (await response.json()) as AddressArea[];
};
