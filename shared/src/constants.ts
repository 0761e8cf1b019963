/** Business constants of the specification (000 section 9, 001 section 9). */
export const DATE_DISPLAY_FORMAT = 'dd/MM/yyyy';
export const WIRE_DATE_FORMAT = 'yyyy-MM-dd';
export const WIRE_TIME_FORMAT = 'HH:mm';
export const MIN_PASSWORD_LENGTH = 8;
export const NOTICE_CONTENT_LIMIT = 1000;
export const NOTICE_AVATAR_SIZE = 35;
export const REMEMBER_ME_DAYS = 365;
export const MENU_COLLAPSE_MAX_WIDTH = 991.99;
export const CONNECTION_CHECK_INTERVAL_MS = 30_000;
export const RELOAD_AFTER_RECONNECT_MS = 2_000;
export const TARGET_BE_REDIRECT_MS = 1_000;
export const FORM_NUMBER_PREFIX = 'FS ';
export const WEEK_STARTS_ON = 0;
export const BAR_CHART_Y_MAX = 20;
export const BAR_CHART_Y_INTERVAL = 2;

export const NOTICE_PRIORITIES = ['none', 'high', 'medium', 'low'] as const;
export type NoticePriority = (typeof NOTICE_PRIORITIES)[number];

export const ACTION_TYPES = ['internal', 'external'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const RISK_COLOURS = ['green', 'orange', 'red', 'yellow'] as const;

export const FREQUENCY_UNITS = [
  { label: '5 Years', key: 'fiveYears' },
  { label: '4 Years', key: 'fourYears' },
  { label: '3 Years', key: 'threeYears' },
  { label: '2 Years', key: 'biYear' },
  { label: 'Annual', key: 'years' },
  { label: 'Six Monthly', key: 'halfYear' },
  { label: 'Quarterly', key: 'quarterly' },
  { label: 'Bi Monthly', key: 'biMonth' },
  { label: 'Monthly', key: 'months' },
  { label: 'Fortnightly', key: 'fortnight' },
  { label: 'Weekly', key: 'weeks' },
  { label: 'Weekdays', key: 'weekDays' },
  { label: 'Daily', key: 'days' },
] as const;

export const IMAGE_EXTENSIONS = [
  'jpg',
  'png',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'bmp',
  'tiff',
  'avif',
  'apng',
  'jfif',
] as const;

export function isImageFileName(name: string): boolean {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}

export type RiskColour = (typeof RISK_COLOURS)[number];

/**
 * The GHS hazard classes (the Globally Harmonized System's pictogram groups), as the hazardous
 * substances register records them: a key and the label a user reads.
 */
export const HAZARD_CLASSES = [
  { key: 'explosive', label: 'Explosive' },
  { key: 'flammable', label: 'Flammable' },
  { key: 'oxidising', label: 'Oxidising' },
  { key: 'compressedGas', label: 'Gas under pressure' },
  { key: 'corrosive', label: 'Corrosive' },
  { key: 'acuteToxicity', label: 'Acute toxicity' },
  { key: 'irritant', label: 'Irritant / harmful' },
  { key: 'healthHazard', label: 'Serious health hazard' },
  { key: 'environmental', label: 'Hazardous to the environment' },
] as const;
export type HazardClass = (typeof HAZARD_CLASSES)[number]['key'];

/** The units a stored quantity of a hazardous substance is measured in. */
export const QUANTITY_UNITS = ['mL', 'L', 'g', 'kg', 't', 'm³', 'units'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];
