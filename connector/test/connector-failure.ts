import { expect } from 'vitest';
import { ConnectorError } from '../src/errors.js';

/** The ConnectorError `promise` rejects with; fails the test if it resolves or rejects with anything else. */
export async function connectorFailure(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}
