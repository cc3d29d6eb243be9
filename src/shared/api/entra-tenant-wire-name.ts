// The API names the Entra tenant `tenantId`, the name the product published for the configuration
// and cannot change for its clients. Inside the code `tenantId` means our organization, so past
// the API the field is `entraTenantId`. These two functions are the only place the names meet.

export type ToWire<T> = { [K in keyof T as K extends 'entraTenantId' ? 'tenantId' : K]: T[K] };
export type FromWire<T> = { [K in keyof T as K extends 'tenantId' ? 'entraTenantId' : K]: T[K] };

function renameKey<R>(value: object, from: string, to: string): R {
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key === from ? to : key, field])) as R;
}

/** Our names to the API's (key order kept). */
export function toWire<T extends object>(value: T): ToWire<T> {
  return renameKey(value, 'entraTenantId', 'tenantId');
}

/** The API's names to ours (key order kept): bodies, responses and field errors alike. */
export function fromWire<T extends object>(value: T): FromWire<T> {
  return renameKey(value, 'tenantId', 'entraTenantId');
}
