// The 404 a loader throws for a missing, hidden or switched-off page (the server renderer answers it with status 404).
export function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
}
