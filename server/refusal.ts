/**
 * The refusal every layer throws, providers included: a status and the Chinese message the client
 * shows. It sits on the ground floor with nothing above it, so a provider can refuse without
 * importing the HTTP layer (server/http.ts re-exports it for the domains).
 */
/** A refusal with the Chinese message the client shows (accounts §8). */
export class ApiError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

export const refuse = (message: string, status = 400) => new ApiError(status, message)
