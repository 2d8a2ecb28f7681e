import type { TCountry, TCounty, TDistrict, TParish } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

/** Anonymous GET that must succeed; the reference lists are public. */
async function getList<T>(url: string): Promise<T[]> {
  const response = await t.app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T[];
}

const portugueseOrder = new Intl.Collator('pt-PT').compare;
const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('districts', () => {
  it('lists the 20 districts, Madeira and Açores included', async () => {
    const districts = await getList<TDistrict>('/api/address/search-district');
    expect(districts).toHaveLength(20);
    expect(districts).toContainEqual({ id: '11', name: 'Lisboa' });
    expect(districts).toContainEqual({ id: '30', name: 'Madeira' });
    expect(districts).toContainEqual({ id: '40', name: 'Açores' });
  });

  it('orders them the Portuguese way, Açores before Aveiro and Évora among the Es', async () => {
    const list = names(await getList<TDistrict>('/api/address/search-district'));
    expect(list.indexOf('Açores')).toBeLessThan(list.indexOf('Aveiro'));
    expect(list.indexOf('Évora')).toBeLessThan(list.indexOf('Faro'));
    expect(list).toEqual([...list].sort(portugueseOrder));
  });
});

describe('counties', () => {
  it('lists all 308 counties without a filter', async () => {
    expect(await getList<TCounty>('/api/address/search-county')).toHaveLength(308);
  });

  it("lists only a district's counties when asked", async () => {
    const porto = await getList<TCounty>('/api/address/search-county?districtId=13');
    expect(porto.length).toBeGreaterThan(0);
    expect(porto.every((county) => county.districtId === '13')).toBe(true);
    expect(porto).toContainEqual({ id: '1312', name: 'Porto', districtId: '13' });
    expect(porto).toContainEqual({ id: '1317', name: 'Vila Nova de Gaia', districtId: '13' });
    expect(names(porto)).toEqual([...names(porto)].sort(portugueseOrder));
  });

  it('writes names as people do, with lower-case particles and hyphenated parts capitalised', async () => {
    const counties = await getList<TCounty>('/api/address/search-county');
    expect(names(counties)).toEqual(expect.arrayContaining(['Albergaria-a-Velha', 'Viana do Castelo', 'Águeda']));
    expect(counties.filter((county) => county.name === county.name.toUpperCase())).toEqual([]);
  });

  it('answers an empty list for an unknown district', async () => {
    expect(await getList<TCounty>('/api/address/search-county?districtId=99')).toEqual([]);
  });

  it('refuses a district id holding a NUL character', async () => {
    expect((await t.app.inject({ url: '/api/address/search-county?districtId=%00' })).statusCode).toBe(400);
  });

  it('refuses a district id longer than any code', async () => {
    expect((await t.app.inject({ url: `/api/address/search-county?districtId=${'1'.repeat(9)}` })).statusCode).toBe(
      400,
    );
  });
});

describe('parishes', () => {
  it('lists all 3,092 parishes without a filter', async () => {
    expect(await getList<TParish>('/api/address/search-parish')).toHaveLength(3092);
  });

  it.each([
    ['1106', 'Lisboa', 24],
    ['1312', 'Porto', 7],
  ])('lists the parishes of county %s (%s): %i of them', async (countyId, _name, count) => {
    const parishes = await getList<TParish>(`/api/address/search-parish?countyId=${countyId}`);
    expect(parishes).toHaveLength(count);
    expect(parishes.every((parish) => parish.countyId === countyId)).toBe(true);
    expect(names(parishes)).toEqual([...names(parishes)].sort(portugueseOrder));
  });

  it('keeps the alphanumeric codes of the Barcelos parishes', async () => {
    const barcelos = await getList<TParish>('/api/address/search-parish?countyId=0302');
    expect(barcelos.map((parish) => parish.id)).toEqual(expect.arrayContaining(['0302FA', '0302FH']));
  });
});

describe('countries', () => {
  it('lists the 250 ISO countries with European Portuguese names', async () => {
    const countries = await getList<TCountry>('/api/address/countries');
    expect(countries).toHaveLength(250);
    const byId = new Map(countries.map((country) => [country.id, country]));
    expect(byId.get('IR')).toMatchObject({ namePt: 'Irão', alpha3: 'IRN', numeric: '364' });
    expect(byId.get('KE')?.namePt).toBe('Quénia');
    expect(byId.get('PL')?.namePt).toBe('Polónia');
    expect(byId.get('PT')).toMatchObject({ namePt: 'Portugal', nameEn: 'Portugal', numeric: '620' });
  });

  it('orders them by their Portuguese name', async () => {
    const countries = await getList<TCountry>('/api/address/countries');
    const list = countries.map((country) => country.namePt);
    expect(list).toEqual([...list].sort(portugueseOrder));
  });
});
