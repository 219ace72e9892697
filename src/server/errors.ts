// Game errors that services throw and the app turns into `{ error, details? }` replies with the right status.
export interface ErrorDetail {
  field?: string;
  message: string;
}

export class GameError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 501 | 503,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new GameError(400, message, details);
export const unauthorized = (message = 'Authentication required') => new GameError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new GameError(403, message);
export const notFound = (message = 'Not found') => new GameError(404, message);
export const conflict = (message: string) => new GameError(409, message);
export const tooManyRequests = (message: string) => new GameError(429, message);
export const MAINTENANCE_MESSAGE = 'This world is in maintenance; game actions are paused. Please try again later.';
export const maintenance = (message = MAINTENANCE_MESSAGE) => new GameError(503, message);
