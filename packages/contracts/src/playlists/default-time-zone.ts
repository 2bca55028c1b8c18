/** The time zone of a plan, a device and the statistics when none is chosen (China Standard Time). Without zod, for the pages that need only the name. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
