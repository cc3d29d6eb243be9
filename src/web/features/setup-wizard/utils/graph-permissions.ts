/** docs/product.md §Constants: the suggested client secret lifetime. */
export const SUGGESTED_SECRET_LIFETIME_MONTHS = 24;
