import { describe, expect, it } from 'vitest';
import {
  allRegions,
  isRegionCode,
  localizeRegion,
  localizeRegionName,
  regionByCode,
  regionChildren,
  regionLabel,
  regionNameOf,
  regionNamesOfPath,
  regionOptions,
  regionPath,
  regionsByName,
  resolveRegion,
  storedRegionNames,
  withRegionNames,
} from './regions';

describe('GB/T 2260 region list', () => {
  it('holds the 34 provincial-level divisions, each with an English name', () => {
    const provinces = regionChildren(null);
    expect(provinces).toHaveLength(34);
    for (const p of provinces) {
      expect(p.level).toBe('province');
      expect(p.en, p.name).toMatch(/^[A-Z][A-Za-z' ]+$/);
      expect(p.en).not.toMatch(/[\u4e00-\u9fff]/u);
    }
    expect(provinces.map((p) => p.en)).toEqual(
      expect.arrayContaining(['Guangdong', 'Inner Mongolia', 'Guangxi', 'Tibet', 'Xinjiang', 'Hong Kong', 'Macao']),
    );
  });

  it('has well-formed, unique codes whose parents exist, and an English name for every region', () => {
    const codes = new Set<string>();
    for (const r of allRegions()) {
      expect(r.code).toMatch(/^[1-8]\d{5}$/);
      expect(codes.has(r.code), r.code).toBe(false);
      codes.add(r.code);
      expect(r.name).toMatch(/^[\u4e00-\u9fff]+$/u);
      expect(r.en.length, r.code).toBeGreaterThan(1);
      expect(r.en).not.toMatch(/[\u4e00-\u9fff]/u);
      if (r.parent) {
        expect(regionByCode(r.parent), r.code).toBeDefined();
        expect(r.code.slice(0, 2)).toBe(r.parent.slice(0, 2));
      }
      expect(isRegionCode(r.code)).toBe(true);
    }
    expect(isRegionCode('44030')).toBe(false);
    expect(isRegionCode('999999')).toBe(false);
  });

  it('has every province but Taiwan, Hong Kong and Macao divided into prefecture-level divisions', () => {
    for (const p of regionChildren(null)) {
      const cities = regionChildren(p.code);
      if (['710000', '810000', '820000'].includes(p.code)) expect(cities).toHaveLength(0);
      else expect(cities.length, p.name).toBeGreaterThan(0);
    }
    expect(regionChildren('440000')).toHaveLength(21);
    expect(regionChildren('320000')).toHaveLength(13);
  });

  it('looks up by code, by Chinese name (full or short), by English name, and children', () => {
    expect(regionByCode('440000')).toMatchObject({ name: '广东省', en: 'Guangdong', level: 'province', parent: null });
    expect(regionByCode('440300')).toMatchObject({ name: '深圳市', en: 'Shenzhen', level: 'city', parent: '440000' });
    expect(regionByCode('440305')).toMatchObject({ name: '南山区', en: 'Nanshan District', level: 'district' });
    expect(regionByCode('330122')?.en).toBe('Tonglu County');
    expect(regionByCode('320583')?.en).toBe('Kunshan');
    expect(regionsByName('广东').map((r) => r.code)).toEqual(['440000']);
    expect(regionsByName('广西壮族自治区').map((r) => r.code)).toEqual(['450000']);
    expect(regionsByName('内蒙古').map((r) => r.code)).toEqual(['150000']);
    expect(regionsByName('深圳', 'city').map((r) => r.code)).toEqual(['440300']);
    expect(regionsByName('shenzhen').map((r) => r.code)).toEqual(['440300']);
    // District names repeat across cities.
    expect(regionsByName('朝阳区').map((r) => r.code)).toEqual(['110105', '220104']);
    expect(regionChildren('440300').map((r) => r.name)).toContain('南山区');
    // Chongqing's counties sit with its districts.
    expect(regionChildren('500100').map((r) => r.code)).toContain('500229');
    // A county-level division a province administers is at the city level.
    expect(regionByCode('429004')).toMatchObject({ level: 'city', parent: '420000' });
  });

  it('gives a name by language and resolves stored triples level by level', () => {
    expect(regionNameOf('440300', 'en')).toBe('Shenzhen');
    expect(regionNameOf('440300', 'zh')).toBe('深圳市');
    expect(regionNameOf('000000', 'en')).toBe('');
    const r = resolveRegion({ province: '北京市', city: '北京市', district: '朝阳区' });
    expect(r.district?.code).toBe('110105');
    expect(resolveRegion({ province: '吉林省', city: '长春市', district: '朝阳区' }).district?.code).toBe('220104');
    expect(regionPath({ province: '广东省', city: '深圳市', district: '南山区' })).toEqual([
      '440000',
      '440300',
      '440305',
    ]);
    expect(regionPath({ province: '火星' })).toEqual([]);
    expect(regionNamesOfPath(['440000', '440300', '440305'])).toEqual({
      province: '广东省',
      city: '深圳市',
      district: '南山区',
    });
    // A unique city alone finds its province.
    expect(resolveRegion({ city: '杭州市' }).province?.en).toBe('Zhejiang');
  });

  it('shows stored names in English, keeping text the list lacks', () => {
    expect(localizeRegion({ province: '广东省', city: '深圳市', district: '南山区' }, 'en')).toEqual({
      province: 'Guangdong',
      city: 'Shenzhen',
      district: 'Nanshan District',
    });
    expect(regionLabel({ province: '广东省', city: '深圳市', district: '南山区' }, 'en')).toBe(
      'Guangdong, Shenzhen, Nanshan District',
    );
    expect(regionLabel({ province: '北京市', city: '北京市', district: '朝阳区' }, 'en')).toBe(
      'Beijing, Chaoyang District',
    );
    expect(regionLabel({ province: '广东省', city: '深圳市' }, 'zh')).toBe('广东省 深圳市');
    expect(regionLabel({ province: '广东', city: 'Atlantis' }, 'en')).toBe('Guangdong, Atlantis');
    expect(localizeRegionName('浙江省', 'province', 'en')).toBe('Zhejiang');
    expect(localizeRegionName('西湖区', 'district', 'en', { province: '浙江省', city: '杭州市' })).toBe(
      'Xihu District',
    );
    expect(localizeRegionName('', 'city', 'en')).toBe('');
  });

  it('stores imported English or short names as the list writes them in Chinese', () => {
    expect(storedRegionNames({ province: 'Guangdong', city: '深圳' })).toEqual({ province: '广东省', city: '深圳市' });
    expect(storedRegionNames({ province: 'Atlantis', city: '' })).toEqual({ province: 'Atlantis', city: '' });
    expect(withRegionNames({ province: '浙江省', city: '杭州市', x: 1 }, 'en')).toEqual({
      province: 'Zhejiang',
      city: 'Hangzhou',
      x: 1,
    });
  });

  it('builds cascader options by language and depth', () => {
    const en = regionOptions('en');
    const gd = en.find((o) => o.value === '440000');
    expect(gd?.label).toBe('Guangdong');
    const sz = gd?.children?.find((o) => o.value === '440300');
    expect(sz?.label).toBe('Shenzhen');
    expect(sz?.children?.map((o) => o.label)).toContain('Nanshan District');
    expect(regionOptions('zh', 1).every((o) => !o.children)).toBe(true);
    expect(regionOptions('zh', 2).find((o) => o.value === '440000')?.children?.[0]?.children).toBeUndefined();
  });
});
