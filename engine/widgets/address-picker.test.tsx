// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddressPicker } from './address-picker.tsx';
import type { AddressArea, AddressLevel } from './address-picker.tsx';
import { filterByName, foldText } from './fold-text.ts';
import { WidgetHarness } from './widget-harness.tsx';

const data: Record<string, AddressArea[]> = {
  'province:': [
    { code: '0722000000', name: 'Cebu' },
    { code: '1300000000', name: 'Metro Manila' },
  ],
  'city:0722000000': [
    { code: '0730600000', name: 'Cebu City' },
    { code: '0722800000', name: 'Mandaue City' },
  ],
  'city:1300000000': [
    { code: '1380600000', name: 'Manila' },
    { code: '1381400000', name: 'City of Parañaque' },
  ],
  'barangay:0730600000': [{ code: '0730600001', name: 'Lahug' }],
  'barangay:1381400000': [
    { code: '1381400001', name: 'Baclaran' },
    { code: '1381400002', name: 'Santo Niño' },
  ],
};

const labels = {
  province: 'Province',
  city: 'City',
  barangay: 'Barangay',
  choose: 'Choose',
  search: 'Search',
  loading: 'Loading…',
  loadError: 'Could not load the list',
  retry: 'Try again',
  noMatch: 'No match',
};

function fakeLoader() {
  return vi.fn(async (level: AddressLevel, parent: string | null) => data[`${level}:${parent ?? ''}`] ?? []);
}

describe('AddressPicker', () => {
  it('loads nothing until a level is opened, then cascades province, city and barangay', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const loadLevel = fakeLoader();
    render(<WidgetHarness widget={AddressPicker} options={{ labels, loadLevel }} onValue={onValue} />);
    expect(loadLevel).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: /^City/ }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Province Choose' }));
    expect(loadLevel).toHaveBeenLastCalledWith('province', null);
    await user.click(await screen.findByRole('button', { name: 'Cebu' }));
    expect(onValue).toHaveBeenLastCalledWith({ provinceCode: '0722000000', provinceName: 'Cebu' });
    expect(loadLevel).toHaveBeenLastCalledWith('city', '0722000000');

    await user.click(await screen.findByRole('button', { name: 'Cebu City' }));
    expect(loadLevel).toHaveBeenLastCalledWith('barangay', '0730600000');
    await user.click(await screen.findByRole('button', { name: 'Lahug' }));
    expect(onValue).toHaveBeenLastCalledWith({
      provinceCode: '0722000000',
      provinceName: 'Cebu',
      cityCode: '0730600000',
      cityName: 'Cebu City',
      barangayCode: '0730600001',
      barangayName: 'Lahug',
    });
    expect(screen.getByRole('button', { name: 'Barangay Lahug' }).getAttribute('aria-expanded')).toBe('false');
    expect(loadLevel).toHaveBeenCalledTimes(3);
  });

  it('clears the levels below when a higher level changes', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const value = {
      provinceCode: '0722000000',
      provinceName: 'Cebu',
      cityCode: '0730600000',
      cityName: 'Cebu City',
      barangayCode: '0730600001',
      barangayName: 'Lahug',
    };
    render(
      <WidgetHarness
        widget={AddressPicker}
        options={{ labels, loadLevel: fakeLoader() }}
        value={value}
        onValue={onValue}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Province Cebu' }));
    await user.click(await screen.findByRole('button', { name: 'Metro Manila' }));
    expect(onValue).toHaveBeenLastCalledWith({ provinceCode: '1300000000', provinceName: 'Metro Manila' });
    expect(screen.getByRole('button', { name: 'Barangay Choose' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Barangay Choose' }) as HTMLButtonElement).disabled).toBe(true);

    // Changing only the city keeps the province.
    await user.click(await screen.findByRole('button', { name: 'Manila' }));
    await user.click(screen.getByRole('button', { name: 'City Manila' }));
    await user.click(await screen.findByRole('button', { name: 'City of Parañaque' }));
    expect(onValue).toHaveBeenLastCalledWith({
      provinceCode: '1300000000',
      provinceName: 'Metro Manila',
      cityCode: '1381400000',
      cityName: 'City of Parañaque',
    });
  });

  it('filters a list by typed text, ignoring accents and case', async () => {
    const user = userEvent.setup();
    const value = {
      provinceCode: '1300000000',
      provinceName: 'Metro Manila',
      cityCode: '1381400000',
      cityName: 'City of Parañaque',
    };
    render(
      <WidgetHarness
        widget={AddressPicker}
        options={{ labels, loadLevel: fakeLoader() }}
        value={value}
        onValue={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'City City of Parañaque' }));
    const search = screen.getByRole('searchbox', { name: 'Search City' });
    expect(document.activeElement).toBe(search);
    await user.type(search, 'PARANA');
    const list = await screen.findByRole('list', { name: 'City' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['City of Parañaque']);
    await user.clear(search);
    await user.type(search, 'quezon');
    expect(screen.getByText('No match')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Barangay Choose' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search Barangay' }), 'santo nino');
    expect(await screen.findByRole('button', { name: 'Santo Niño' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Baclaran' })).toBeNull();
  });

  it('shows a load error with a retry that asks again', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    let fail: (error: Error) => void = () => undefined;
    const loadLevel = vi
      .fn()
      .mockResolvedValue([])
      .mockReturnValueOnce(new Promise((_resolve, reject) => (fail = reject)))
      .mockResolvedValueOnce(data['province:']);
    render(<WidgetHarness widget={AddressPicker} options={{ labels, loadLevel }} onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Province Choose' }));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    fail(new Error('offline'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the list');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Cebu' }));
    expect(loadLevel.mock.calls.filter(([level]) => level === 'province')).toHaveLength(2);
    expect(onValue).toHaveBeenLastCalledWith({ provinceCode: '0722000000', provinceName: 'Cebu' });
  });
});

describe('foldText / filterByName', () => {
  it('matches names without accents, case or extra spaces, every word', () => {
    expect(foldText('  Parañaque  CITY ')).toBe('paranaque city');
    expect(foldText('ÑAGA')).toBe('naga');
    const items = [{ name: 'Las Piñas' }, { name: 'Pasig' }, { name: 'San Juan' }];
    expect(filterByName(items, 'pinas')).toEqual([{ name: 'Las Piñas' }]);
    expect(filterByName(items, 'las pi')).toEqual([{ name: 'Las Piñas' }]);
    expect(filterByName(items, 'san pasig')).toEqual([]);
    expect(filterByName(items, ' ')).toBe(items);
  });
});
