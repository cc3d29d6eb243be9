/** Where "now" comes from; tests and simulations inject their own. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
