// The error history answers when a request names something it does not have (a commit, an item, a file).

/** A request that names something history does not have; routes answer 404 or 400 with the message. */
export class HistoryError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422,
    message: string,
  ) {
    super(message)
    this.name = 'HistoryError'
  }
}
