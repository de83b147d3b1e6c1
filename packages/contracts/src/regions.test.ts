import { describe, expect, it } from 'vitest';
import { isAcceptedRegion, loadRegions, regionPath, regionValue } from './regions.js';

describe('所在地区 against the administrative divisions', () => {
  it('loads provinces, their cities and districts', async () => {
    const regions = await loadRegions();
    expect(regions.length).toBeGreaterThanOrEqual(34);
    const guangdong = regions.find((r) => r.name === '广东省')!;
    const guangzhou = guangdong.children!.find((c) => c.name === '广州市')!;
    expect(guangzhou.children!.map((d) => d.name)).toContain('天河区');
    // a municipality's districts sit right under it, as people write them (北京市东城区)
    expect(regions.find((r) => r.name === '北京市')!.children!.map((d) => d.name)).toContain('东城区');
  });

  it('lists the county-level cities a province governs directly as its cities', async () => {
    const hubei = (await loadRegions()).find((r) => r.name === '湖北省')!;
    const names = hubei.children!.map((c) => c.name);
    expect(names).toContain('仙桃市');
    expect(names.some((n) => n.includes('直辖县级行政区划'))).toBe(false);
  });

  it('reads a stored value back into its levels', async () => {
    const regions = await loadRegions();
    expect(regionPath(regions, '广东省广州市天河区')).toEqual(['广东省', '广州市', '天河区']);
    expect(regionPath(regions, '北京市东城区')).toEqual(['北京市', '东城区']);
    expect(regionPath(regions, '湖北省仙桃市')).toEqual(['湖北省', '仙桃市']);
    expect(regionPath(regions, '广东省东莞市')).toEqual(['广东省', '东莞市']);
    expect(regionPath(regions, '广东省广州市火星区')).toBeNull();
    expect(regionValue(['广东省', '广州市', '天河区'])).toBe('广东省广州市天河区');
  });

  it('accepts a city or a district, not a province alone nor anything made up', async () => {
    const regions = await loadRegions();
    for (const ok of ['广东省广州市天河区', '广东省广州市', '北京市东城区', '湖北省仙桃市', '香港特别行政区中西区', '台湾省']) {
      expect(isAcceptedRegion(regions, ok), ok).toBe(true);
    }
    for (const bad of ['广东省', '北京市', '广州市天河区', '广东省广州市天河区x', '如：广东省广州市天河区', '上海', '']) {
      expect(isAcceptedRegion(regions, bad), bad).toBe(false);
    }
  });
});
