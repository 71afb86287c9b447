// The upload bar's words: the bytes sent of the picture's size, in KB under a megabyte and in MB from one.

export interface UploadProgressState {
  sent: number
  total: number
}

/** "1.2 of 4.4 MB", or in KB for a picture under a megabyte. */
export function sentOf({ sent, total }: UploadProgressState): string {
  const [unit, size] = total < 1024 * 1024 ? ['KB', 1024] : ['MB', 1024 * 1024]
  const figure = (bytes: number) => (unit === 'KB' ? String(Math.round(bytes / size)) : (bytes / size).toFixed(1))
  return `${figure(sent)} of ${figure(total)} ${unit}`
}
