// Pictures named in the owner's words: by the description the content gives them and where they are shown, read from
// the content files of the same change (`Picture “Pink bouquet” (Service "Bouquets")`), not by their file names.
import { parseFrontMatter, parseYaml } from '../lib/front-matter'
import type { ItemChange } from './history.types'
import { isUploadPath } from './items'

interface Mention {
  description: string
  fullSize: boolean
}

/** Every place in a content file's data that holds the URL, with the description beside it (`alt`, or `<key>Alt`). */
function mentionsOf(data: unknown, url: string, found: Mention[] = []): Mention[] {
  if (Array.isArray(data)) for (const value of data) mentionsOf(value, url, found)
  else if (data && typeof data === 'object') {
    const fields = data as Record<string, unknown>
    for (const [key, value] of Object.entries(fields)) {
      if (value !== url) {
        mentionsOf(value, url, found)
        continue
      }
      const description = fields[`${key}Alt`] ?? fields.alt
      found.push({ description: typeof description === 'string' ? description.trim() : '', fullSize: key === 'original' })
    }
  }
  return found
}

function dataOf(path: string, text: string): unknown {
  try {
    return path.endsWith('.md') ? parseFrontMatter(text).data : parseYaml(text)
  } catch {
    return null
  }
}

export function pictureLabel({ description, fullSize }: Mention, where: string | undefined): string {
  const what = `${fullSize ? 'Full-size picture' : 'Picture'} ${description ? `“${description}”` : 'without a description'}`
  return where ? `${what} (${where})` : what
}

/**
 * Gives each picture file among `changes` a label from what the content files' texts (before and after the change)
 * say of it; a picture no text mentions keeps its file name.
 */
export function namePictures(changes: ItemChange[], texts: { path: string; text: string | null }[]): ItemChange[] {
  const files = texts.filter((t) => t.text && !isUploadPath(t.path)).map((t) => ({ path: t.path, data: dataOf(t.path, t.text!) }))
  for (const change of changes) {
    if (!isUploadPath(change.path)) continue
    const found = files.flatMap((file) => mentionsOf(file.data, `/${change.path}`).map((mention) => ({ mention, path: file.path })))
    const best = found.find((f) => f.mention.description) ?? found[0]
    if (best) change.label = pictureLabel(best.mention, changes.find((c) => c.path === best.path)?.label)
  }
  return changes
}
