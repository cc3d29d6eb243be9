// How benchmarks state their figures.

/** A whole number with thousands separators: 100000 -> "100,000". */
export const formatCount = (value: number): string => Math.round(value).toLocaleString('en-US');

/** The highest resident set size this process has reached so far, in MB. */
export const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;
