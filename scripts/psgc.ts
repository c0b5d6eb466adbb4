/**
 * PSGC (Philippine Standard Geographic Code, PSA) address data for the address picker, as small static JSON files
 * fetched one level at a time (the spec's province / city / district = province / city-municipality / barangay), so
 * no PSGC data sits in a JS bundle. The dataset is the npm package @aivangogh/ph-address (PSA's quarterly PSGC
 * publication, versioned YYYY.Q.patch); the Vite plugin in scripts/vite/psgc.ts emits the files.
 *
 * Files (paths under the web root):
 * - psgc/provinces.json: the provinces, plus two province-level areas that belong to no province:
 *   "Metro Manila" (code of the National Capital Region, 1300000000: its 16 cities and Pateros have no province)
 *   and BARMM's "Special Geographic Area" (1999900000: 8 municipalities outside any province).
 * - psgc/cities/<provinceCode>.json: its cities and municipalities. Highly urbanised cities (and Isabela City) are
 *   independent of any province and PSGC gives them province-level codes of their own (Cebu City 0730600000), but a
 *   borrower looks for them under the province they sit in, so INDEPENDENT_CITIES places them there.
 * - psgc/barangays/<cityCode>.json: its barangays. PSGC codes Manila's 897 barangays under its 14 districts
 *   (sub-municipalities: Tondo I/II, Sampaloc, ...); they form one list under Manila, as addresses name the city.
 * - psgc/meta.json: source package, version, PSGC vintage and counts.
 *
 * Every entry is an Area: the 10-digit PSGC code and the name as the package spells it (PSA's names, with "City of
 * Cebu" written "Cebu City" so that cities sort by their own name). Lists are sorted by name with English collation
 * (Filipino sorts the same way), numbers by value ("Barangay 2" before "Barangay 10"), ties by code; the JSON is
 * compact and every function here is pure, so the same input gives byte-identical files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  getAllProvinces,
  getAllRegions,
  getBarangaysByMunicipality,
  getMunicipalitiesByProvince,
} from '@aivangogh/ph-address';

export interface Area {
  code: string;
  name: string;
}

/** The dataset as the package gives it: cities with the code they are listed under, barangays with their city. */
export interface PsgcSource {
  packageName: string;
  version: string;
  provinces: readonly { psgcCode: string; name: string }[];
  /** Cities, municipalities and Manila's districts; parentCode is a province, NCR, SGA, the city itself or Manila. */
  cities: readonly { psgcCode: string; name: string; parentCode: string }[];
  barangays: readonly { psgcCode: string; name: string; cityCode: string }[];
}

export interface PsgcMeta {
  source: string;
  version: string;
  /** The PSA publication the data comes from, e.g. "PSGC 4Q 2025". */
  vintage: string;
  /** provinces: PSGC provinces only (provinces.json also lists Metro Manila and the Special Geographic Area). */
  counts: { provinces: number; cities: number; barangays: number };
}

export interface PsgcData {
  provinces: Area[];
  cities: Map<string, Area[]>;
  barangays: Map<string, Area[]>;
  meta: PsgcMeta;
}

export const METRO_MANILA = '1300000000';
export const SPECIAL_GEOGRAPHIC_AREA = '1999900000';

/** Province-level areas that are no province: their cities are listed under the region or area code. */
const PROVINCE_LEVEL_AREAS: Readonly<Record<string, string>> = {
  [METRO_MANILA]: 'Metro Manila',
  [SPECIAL_GEOGRAPHIC_AREA]: 'Special Geographic Area',
};

/**
 * Province-level codes of independent cities outside Metro Manila -> the province they sit in. PSGC lists each
 * highly urbanised city under its own code (Cebu City is 0730600000 under 0730600000) and Isabela City under a
 * province-level code of its own (0990101000 under 0990100000).
 */
export const INDEPENDENT_CITIES: Readonly<Record<string, string>> = {
  '0330100000': '0305400000', // Angeles City -> Pampanga
  '0331400000': '0307100000', // Olongapo City -> Zambales
  '0431200000': '0405600000', // Lucena City -> Quezon
  '0631000000': '0603000000', // Iloilo City -> Iloilo
  '0730600000': '0702200000', // Cebu City -> Cebu
  '0731100000': '0702200000', // Lapu-Lapu City -> Cebu
  '0731300000': '0702200000', // Mandaue City -> Cebu
  '0831600000': '0803700000', // Tacloban City -> Leyte
  '0931700000': '0907300000', // Zamboanga City -> Zamboanga del Sur
  '0990100000': '1900700000', // Isabela City (Region IX) -> Basilan (BARMM)
  '1030500000': '1004300000', // Cagayan de Oro City -> Misamis Oriental
  '1030900000': '1003500000', // Iligan City -> Lanao del Norte
  '1130700000': '1102400000', // Davao City -> Davao del Sur
  '1230800000': '1206300000', // General Santos City -> South Cotabato
  '1430300000': '1401100000', // Baguio City -> Benguet
  '1630400000': '1600200000', // Butuan City -> Agusan del Norte
  '1731500000': '1705300000', // Puerto Princesa City -> Palawan
  '1830200000': '1804500000', // Bacolod City -> Negros Occidental
};

const collator = new Intl.Collator('en', { numeric: true });

/** By name (English collation, numbers by value), then by code so that equal names keep one order. */
export function sortAreas(areas: Area[]): Area[] {
  return areas.sort((a, b) => collator.compare(a.name, b.name) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** PSA marks a few barangays with a footnote asterisk ("Fuentes*"): not part of the name. */
export function cleanName(name: string): string {
  return name
    .replace(/\*+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "2025.4.4" (YYYY.Q.patch) -> "PSGC 4Q 2025"; any other scheme fails so an upgrade gets a look. */
export function psgcVintage(version: string): string {
  const match = /^(\d{4})\.([1-4])\.\d+$/.exec(version);
  if (!match) throw new Error(`PSGC: version ${version} is not YYYY.Q.patch; check the package's data vintage`);
  return `PSGC ${match[2]}Q ${match[1]}`;
}

function area(code: string, name: string): Area {
  if (!/^\d{10}$/.test(code)) throw new Error(`PSGC: code ${JSON.stringify(code)} (${name}) is not 10 digits`);
  const clean = cleanName(name);
  if (!clean) throw new Error(`PSGC: ${code} has no name`);
  return { code, name: clean };
}

function push(map: Map<string, Area[]>, key: string, value: Area): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Turns the package's dataset into the three levels; fails on anything it cannot place. */
export function normalisePsgc(source: PsgcSource): PsgcData {
  const provinceCodes = new Set(source.provinces.map((p) => p.psgcCode));
  const cityCodes = new Set(source.cities.map((c) => c.psgcCode));
  const cities = new Map<string, Area[]>();
  /** City or district code -> the city whose barangay list holds its barangays. */
  const barangayList = new Map<string, string>();
  for (const city of source.cities) {
    const { psgcCode: code, parentCode: parent } = city;
    if (parent !== code && cityCodes.has(parent)) {
      barangayList.set(code, parent); // a district of Manila
      continue;
    }
    const province = provinceCodes.has(parent) || parent in PROVINCE_LEVEL_AREAS ? parent : INDEPENDENT_CITIES[parent];
    if (!province || !(provinceCodes.has(province) || province in PROVINCE_LEVEL_AREAS)) {
      throw new Error(
        `PSGC: no province for ${city.name} (${code}, listed under ${parent}); add it to INDEPENDENT_CITIES`,
      );
    }
    push(cities, province, area(code, city.name));
    barangayList.set(code, code);
  }
  const barangays = new Map<string, Area[]>();
  for (const barangay of source.barangays) {
    const list = barangayList.get(barangay.cityCode);
    if (!list)
      throw new Error(`PSGC: barangay ${barangay.name} (${barangay.psgcCode}) is in unknown city ${barangay.cityCode}`);
    push(barangays, list, area(barangay.psgcCode, barangay.name));
  }

  const levelAreas = Object.entries(PROVINCE_LEVEL_AREAS)
    .filter(([code]) => cities.has(code))
    .map(([code, name]) => area(code, name));
  const provinces = sortAreas([...source.provinces.map((p) => area(p.psgcCode, p.name)), ...levelAreas]);
  for (const province of provinces) {
    if (!cities.has(province.code)) throw new Error(`PSGC: province ${province.name} (${province.code}) has no city`);
  }
  for (const list of cities.values()) {
    sortAreas(list);
    for (const city of list)
      if (!barangays.has(city.code)) throw new Error(`PSGC: city ${city.name} (${city.code}) has no barangay`);
  }
  for (const list of barangays.values()) sortAreas(list);

  const all = [...provinces, ...[...cities.values()].flat(), ...[...barangays.values()].flat()];
  const seen = new Set<string>();
  for (const { code, name } of all) {
    if (seen.has(code)) throw new Error(`PSGC: code ${code} (${name}) appears twice`);
    seen.add(code);
  }

  const counts = {
    provinces: source.provinces.length,
    cities: [...cities.values()].reduce((n, list) => n + list.length, 0),
    barangays: [...barangays.values()].reduce((n, list) => n + list.length, 0),
  };
  return {
    provinces,
    cities: new Map([...cities].sort(([a], [b]) => (a < b ? -1 : 1))),
    barangays: new Map([...barangays].sort(([a], [b]) => (a < b ? -1 : 1))),
    meta: { source: source.packageName, version: source.version, vintage: psgcVintage(source.version), counts },
  };
}

/** The files to publish, paths relative to the web root, in path order. */
export function psgcFiles(data: PsgcData): { fileName: string; json: string }[] {
  const list = (areas: Area[]) => JSON.stringify(areas.map(({ code, name }) => ({ code, name })));
  return [
    { fileName: 'psgc/meta.json', json: JSON.stringify(data.meta, null, 2) },
    { fileName: 'psgc/provinces.json', json: list(data.provinces) },
    ...[...data.cities].map(([code, areas]) => ({ fileName: `psgc/cities/${code}.json`, json: list(areas) })),
    ...[...data.barangays].map(([code, areas]) => ({ fileName: `psgc/barangays/${code}.json`, json: list(areas) })),
  ].sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
}

/**
 * Reads the installed package. It lists cities only under a parent code (province, NCR, SGA, the independent city
 * itself, Manila for its districts) and publishes no list of parents, so every code RR PPP 00000 of every region is
 * asked: a city under a parent that no table here knows still turns up, and normalisePsgc then fails on it.
 */
export function loadPsgcSource(): PsgcSource {
  const require = createRequire(import.meta.url);
  const pkg = JSON.parse(readFileSync(require.resolve('@aivangogh/ph-address/package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const cities: PsgcSource['cities'][number][] = [];
  for (const region of getAllRegions()) {
    for (let p = 0; p < 1000; p++) {
      const parentCode = `${region.psgcCode.slice(0, 2)}${String(p).padStart(3, '0')}00000`;
      for (const city of getMunicipalitiesByProvince(parentCode))
        cities.push({ psgcCode: city.psgcCode, name: city.name, parentCode });
    }
  }
  const barangays = cities.flatMap((city) =>
    getBarangaysByMunicipality(city.psgcCode).map((b) => ({
      psgcCode: b.psgcCode,
      name: b.name,
      cityCode: city.psgcCode,
    })),
  );
  const provinces = getAllProvinces().map((p) => ({ psgcCode: p.psgcCode, name: p.name }));
  return { packageName: pkg.name, version: pkg.version, provinces, cities, barangays };
}
