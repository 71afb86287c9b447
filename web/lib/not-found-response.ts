// The 404 a loader throws for a missing, hidden or switched-off page (the server answers it with status 404).
class NotFound extends Error {
  constructor() {
    super('Not Found')
  }
}

export function notFound(): never {
  throw new NotFound()
}

export const isNotFound = (error: unknown): boolean => error instanceof NotFound
