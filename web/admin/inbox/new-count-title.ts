// The dashboard's page title with the count of new inquiries in front: "(3 new) Pop Studio admin".

const PREFIX = /^\(\d+ new\) /

/** The title with its count replaced (none for 0): the rest of the title is kept as it is. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(PREFIX, '')
  return count > 0 ? `(${count} new) ${base}` : base
}
