import { AppError } from '../http/app-error.js';
import { GraphError } from '../integrations/graph/index.js';

/**
 * A GraphError as an HTTP answer carrying its actionable message: 400 when the organization's
 * setup must change (credentials, permissions, a deleted group, a sender without mailbox), 502 when
 * Microsoft's service failed us (throttling that outlasted the retries, outage, timeout).
 */
function graphAppError(error: GraphError): AppError {
  return new AppError(error.isConfigurationProblem ? 400 : 502, error.actionableMessage);
}

/** Runs a use case that calls Graph, answering its GraphErrors as graphAppError does. */
export async function answeringGraphErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GraphError) throw graphAppError(error);
    throw error;
  }
}
