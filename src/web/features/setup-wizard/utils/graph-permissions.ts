/** Spec section 9: the suggested client secret lifetime. */
export const SUGGESTED_SECRET_LIFETIME_MONTHS = 24;
