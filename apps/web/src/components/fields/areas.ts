import {
  AREA_KEYS,
  AREA_SIZE_TYPE_DEFAULT,
  tickedAreas,
  type AreaKey,
  type AreaSizeType,
} from '@frontage/shared';

/** The Areas block of a form: unit, which areas are ticked, and their typed values. */
export interface AreasValue {
  area_size_type: AreaSizeType;
  ticked: AreaKey[];
  values: Partial<Record<AreaKey, string>>;
}

export const emptyAreas = (): AreasValue => ({
  area_size_type: AREA_SIZE_TYPE_DEFAULT,
  ticked: [],
  values: {},
});

/** A stored property's areas: those with a value are ticked (spec B §3). */
export const areasFrom = (
  p: Partial<Record<AreaKey, number | string | null>> & { area_size_type?: string | null },
): AreasValue => {
  const ticked = tickedAreas(p);
  return {
    area_size_type: p.area_size_type === 'sqm' ? 'sqm' : 'sqft',
    ticked,
    values: Object.fromEntries(ticked.map((k) => [k, String(p[k])])),
  };
};

/** True when the text is empty or a non-negative number with at most two decimals. */
export const isAreaText = (text: string | undefined): boolean =>
  !text?.trim() || /^\d+(\.\d{1,2})?$/.test(text.trim());

/**
 * What is sent (spec B §5: only ticked areas are sent): the unit plus each ticked area that has a
 * value, as a number, in the spec's order.
 */
export const areasPayload = (
  v: AreasValue,
): { area_size_type: AreaSizeType } & Partial<Record<AreaKey, number>> => {
  const out: { area_size_type: AreaSizeType } & Partial<Record<AreaKey, number>> = {
    area_size_type: v.area_size_type,
  };
  for (const key of AREA_KEYS) {
    const text = v.values[key]?.trim();
    if (v.ticked.includes(key) && text && isAreaText(text)) out[key] = Number(text);
  }
  return out;
};
