import { PHONE_REGIONS } from '@study-crm/shared';

// The calling codes as select options (`+886 Taiwan`), for a phone number's area code.
export const AREA_CODE_OPTIONS = PHONE_REGIONS.map((r) => ({
  value: r.areaCode,
  label: `+${r.areaCode} ${r.regions}`,
}));
