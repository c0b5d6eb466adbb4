import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  INDEPENDENT_CITIES,
  METRO_MANILA,
  SPECIAL_GEOGRAPHIC_AREA,
  loadPsgcSource,
  normalisePsgc,
  psgcFiles,
  psgcVintage,
  type Area,
  type PsgcSource,
} from './psgc.ts';
import { psgcVersion } from './vite/psgc.ts';

const source = loadPsgcSource();
const data = normalisePsgc(source);
const files = psgcFiles(data);
const file = (fileName: string): Area[] => {
  const found = files.find((f) => f.fileName === fileName);
  if (!found) throw new Error(`no file ${fileName}`);
  return JSON.parse(found.json) as Area[];
};
const provinces = file('psgc/provinces.json');
const citiesOf = (provinceCode: string) => file(`psgc/cities/${provinceCode}.json`);
const barangaysOf = (cityCode: string) => file(`psgc/barangays/${cityCode}.json`);
const byName = (areas: Area[], name: string) => areas.find((a) => a.name === name);
const cityFiles = files.filter((f) => f.fileName.startsWith('psgc/cities/'));
const barangayFiles = files.filter((f) => f.fileName.startsWith('psgc/barangays/'));
const codeIn = (fileName: string) => /\/(\d{10})\.json$/.exec(fileName)?.[1] ?? '';

const CEBU = '0702200000';
const MAKATI = '1380300000';
const MANILA = '1380600000';
const TAGUIG = '1381500000';

describe('PSGC files: counts and vintage', () => {
  it('has the 81-83 provinces plus Metro Manila and the Special Geographic Area at the first level', () => {
    const real = provinces.filter((p) => p.code !== METRO_MANILA && p.code !== SPECIAL_GEOGRAPHIC_AREA);
    expect(real.length).toBeGreaterThanOrEqual(81);
    expect(real.length).toBeLessThanOrEqual(83);
    expect(byName(provinces, 'Metro Manila')?.code).toBe(METRO_MANILA);
    expect(byName(provinces, 'Special Geographic Area')?.code).toBe(SPECIAL_GEOGRAPHIC_AREA);
    expect(data.meta.counts.provinces).toBe(real.length);
  });

  it('has 1,600+ cities and municipalities and 40,000+ barangays, as meta.json says', () => {
    const cities = cityFiles.reduce((n, f) => n + (JSON.parse(f.json) as Area[]).length, 0);
    const barangays = barangayFiles.reduce((n, f) => n + (JSON.parse(f.json) as Area[]).length, 0);
    expect(cities).toBeGreaterThanOrEqual(1600);
    expect(cities).toBeLessThanOrEqual(1700);
    expect(barangays).toBeGreaterThanOrEqual(40_000);
    expect(barangays).toBeLessThanOrEqual(43_000);
    const meta = JSON.parse(files.find((f) => f.fileName === 'psgc/meta.json')?.json ?? '{}') as typeof data.meta;
    expect(meta.counts).toEqual({ provinces: data.meta.counts.provinces, cities, barangays });
    expect(meta.source).toBe('@aivangogh/ph-address');
    expect(meta.version).toBe(source.version);
    expect(meta.vintage).toMatch(/^PSGC [1-4]Q 20\d\d$/);
  });

  it('reads the vintage from the package version and refuses another scheme', () => {
    expect(psgcVintage('2025.4.4')).toBe('PSGC 4Q 2025');
    expect(() => psgcVintage('1.4.2')).toThrow(/YYYY\.Q\.patch/);
  });
});

describe('PSGC files: structure', () => {
  it('has one cities file per first-level entry and one barangays file per city', () => {
    expect(cityFiles.map((f) => codeIn(f.fileName)).sort()).toEqual(provinces.map((p) => p.code).sort());
    const cityCodes = cityFiles.flatMap((f) => (JSON.parse(f.json) as Area[]).map((c) => c.code));
    expect(barangayFiles.map((f) => codeIn(f.fileName)).sort()).toEqual([...cityCodes].sort());
  });

  it('lists in every cities file only places of that province, by PSGC code', () => {
    // A city is in its province's PSGC block (RR PPP), Metro Manila's cities are in region 13, and an independent
    // city (coded outside every province) is where INDEPENDENT_CITIES puts it.
    const misplaced = cityFiles.flatMap((f) => {
      const province = codeIn(f.fileName);
      const prefix = province === METRO_MANILA ? province.slice(0, 2) : province.slice(0, 5);
      return (JSON.parse(f.json) as Area[])
        .filter(
          (city) => !city.code.startsWith(prefix) && INDEPENDENT_CITIES[`${city.code.slice(0, 5)}00000`] !== province,
        )
        .map((city) => `${city.name} ${city.code} in ${f.fileName}`);
    });
    expect(misplaced).toEqual([]);
  });

  it('lists in every barangays file only barangays of that city, by PSGC code', () => {
    // A barangay code starts with its city's 7 digits; Manila (a city coded like a province) holds its districts'.
    const misplaced = barangayFiles.flatMap((f) => {
      const city = codeIn(f.fileName);
      const prefix = city.endsWith('00000') ? city.slice(0, 5) : city.slice(0, 7);
      return (JSON.parse(f.json) as Area[])
        .filter((b) => !b.code.startsWith(prefix))
        .map((b) => `${b.name} ${b.code} in ${f.fileName}`);
    });
    expect(misplaced).toEqual([]);
  });

  it('uses every code once, 10 digits, with a clean name', () => {
    const all = files.filter((f) => f.fileName !== 'psgc/meta.json').flatMap((f) => JSON.parse(f.json) as Area[]);
    expect(new Set(all.map((a) => a.code)).size).toBe(all.length);
    expect(all.filter((a) => !/^\d{10}$/.test(a.code))).toEqual([]);
    expect(all.filter((a) => Object.keys(a).join() !== 'code,name')).toEqual([]);
    expect(all.filter((a) => !a.name || a.name !== a.name.trim() || /\s\s|\*/.test(a.name))).toEqual([]);
  });

  it('sorts every list by name, in English collation with numbers by value', () => {
    const collator = new Intl.Collator('en', { numeric: true });
    const unsorted = files
      .filter((f) => f.fileName !== 'psgc/meta.json')
      .filter((f) =>
        (JSON.parse(f.json) as Area[]).some(
          (a, i, list) => i > 0 && collator.compare(list[i - 1]?.name ?? '', a.name) > 0,
        ),
      )
      .map((f) => f.fileName);
    expect(unsorted).toEqual([]);
    const manila = barangaysOf(MANILA).map((b) => b.name);
    expect(manila.slice(0, 3)).toEqual(['Barangay 1', 'Barangay 2', 'Barangay 3']);
  });
});

describe('PSGC files: known places', () => {
  it('puts Quezon City, Manila and Makati under Metro Manila, and Pateros too', () => {
    const metro = citiesOf(METRO_MANILA);
    expect(byName(metro, 'Quezon City')?.code).toBe('1381300000');
    expect(byName(metro, 'Manila City')?.code).toBe(MANILA);
    expect(byName(metro, 'Makati City')?.code).toBe(MAKATI);
    expect(byName(metro, 'Pateros')).toBeDefined();
    expect(metro).toHaveLength(17);
  });

  it('puts independent cities under the province they sit in', () => {
    expect(byName(citiesOf(CEBU), 'Cebu City')?.code).toBe('0730600000');
    expect(byName(citiesOf(CEBU), 'Mandaue City')).toBeDefined();
    expect(byName(citiesOf('1102400000'), 'Davao City')?.code).toBe('1130700000');
    expect(byName(citiesOf('1900700000'), 'Isabela City')).toBeDefined();
    for (const [block, province] of Object.entries(INDEPENDENT_CITIES)) {
      expect(
        citiesOf(province).some((c) => c.code.startsWith(block.slice(0, 5))),
        `${block} in ${province}`,
      ).toBe(true);
    }
  });

  it("holds all of Manila's barangays in one list, numbered ones included", () => {
    const manila = barangaysOf(MANILA);
    expect(manila.length).toBeGreaterThanOrEqual(890);
    expect(manila.length).toBeLessThanOrEqual(910);
    expect(byName(manila, 'Barangay 1')).toBeDefined();
    expect(new Set(manila.map((b) => b.name)).size).toBe(manila.length);
  });

  it("knows Makati's barangays, without the ones that moved to Taguig", () => {
    const makati = barangaysOf(MAKATI).map((b) => b.name);
    expect(makati).toEqual(expect.arrayContaining(['Bel-Air', 'Poblacion', 'San Lorenzo', 'Forbes Park']));
    expect(makati).not.toContain('Pembo');
    expect(barangaysOf(TAGUIG).map((b) => b.name)).toContain('Pembo');
  });

  it('has a barangay Poblacion in many municipalities', () => {
    const withPoblacion = barangayFiles.filter((f) =>
      (JSON.parse(f.json) as Area[]).some((b) => b.name === 'Poblacion'),
    );
    expect(withPoblacion.length).toBeGreaterThan(100);
  });
});

describe('PSGC files: determinism and size', () => {
  it('gives byte-identical files from the same data, whatever order the package lists it in', () => {
    const reversed: PsgcSource = {
      ...source,
      provinces: [...source.provinces].reverse(),
      cities: [...source.cities].reverse(),
      barangays: [...source.barangays].reverse(),
    };
    expect(psgcFiles(normalisePsgc(loadPsgcSource()))).toEqual(files);
    expect(psgcFiles(normalisePsgc(reversed))).toEqual(files);
    expect(psgcVersion(psgcFiles(normalisePsgc(reversed)))).toBe(psgcVersion(files));
  });

  it("keeps every file under 10 KB gzip -9 (the largest, Manila's barangays, is about 4.5 KB)", () => {
    const sizes = files.map((f) => ({ file: f.fileName, gzip: gzipSync(f.json, { level: 9 }).length }));
    const largest = sizes.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    expect(largest.file).toBe(`psgc/barangays/${MANILA}.json`);
    expect(largest.gzip).toBeLessThanOrEqual(10_000);
    expect(
      gzipSync(files.find((f) => f.fileName === 'psgc/provinces.json')?.json ?? '', { level: 9 }).length,
    ).toBeLessThanOrEqual(2_000);
  });

  it('changes the version when any file changes', () => {
    const changed = files.map((f) =>
      f.fileName === 'psgc/provinces.json' ? { ...f, json: f.json.replace('Cebu', 'Sebu') } : f,
    );
    expect(psgcVersion(changed)).not.toBe(psgcVersion(files));
  });
});

describe('normalisePsgc on small inputs', () => {
  const tiny = (extra: Partial<PsgcSource> = {}): PsgcSource => ({
    packageName: 'fixture',
    version: '2025.3.1',
    provinces: [{ psgcCode: CEBU, name: 'Cebu' }],
    cities: [
      { psgcCode: '0702201000', name: 'Alcantara', parentCode: CEBU },
      { psgcCode: '0730600000', name: 'Cebu City', parentCode: '0730600000' },
      { psgcCode: MANILA, name: 'Manila City', parentCode: METRO_MANILA },
      { psgcCode: '1380601000', name: 'Tondo I/II', parentCode: MANILA },
      { psgcCode: '1380602000', name: 'Binondo', parentCode: MANILA },
    ],
    barangays: [
      { psgcCode: '0702201001', name: ' Cabadiangan* ', cityCode: '0702201000' },
      { psgcCode: '0730600001', name: 'Adlaon', cityCode: '0730600000' },
      { psgcCode: '1380601010', name: 'Barangay 10', cityCode: '1380601000' },
      { psgcCode: '1380602002', name: 'Barangay 2', cityCode: '1380602000' },
    ],
    ...extra,
  });

  it("places an independent city in its province, merges Manila's districts, cleans names", () => {
    const out = normalisePsgc(tiny());
    expect(out.provinces.map((p) => p.name)).toEqual(['Cebu', 'Metro Manila']);
    expect(out.cities.get(CEBU)?.map((c) => c.name)).toEqual(['Alcantara', 'Cebu City']);
    expect(out.cities.get(METRO_MANILA)?.map((c) => c.name)).toEqual(['Manila City']);
    expect(out.barangays.get(MANILA)?.map((b) => b.name)).toEqual(['Barangay 2', 'Barangay 10']);
    expect(out.barangays.get('0702201000')).toEqual([{ code: '0702201001', name: 'Cabadiangan' }]);
    expect(out.meta).toEqual({
      source: 'fixture',
      version: '2025.3.1',
      vintage: 'PSGC 3Q 2025',
      counts: { provinces: 1, cities: 3, barangays: 4 },
    });
  });

  it('fails on a city it cannot place, a barangay of an unknown city, a repeated code or a bad code', () => {
    const base = tiny();
    const newCity = { psgcCode: '0739900000', name: 'New City', parentCode: '0739900000' };
    expect(() => normalisePsgc(tiny({ cities: [...base.cities, newCity] }))).toThrow(/INDEPENDENT_CITIES/);
    const stray = { psgcCode: '0702299001', name: 'Stray', cityCode: '0702299000' };
    expect(() => normalisePsgc(tiny({ barangays: [...base.barangays, stray] }))).toThrow(/unknown city/);
    const twice = { psgcCode: '0730600001', name: 'Adlaon', cityCode: '0702201000' };
    expect(() => normalisePsgc(tiny({ barangays: [...base.barangays, twice] }))).toThrow(/twice/);
    const short = { psgcCode: '072201002', name: 'Short', cityCode: '0702201000' };
    expect(() => normalisePsgc(tiny({ barangays: [...base.barangays, short] }))).toThrow(/10 digits/);
  });
});
