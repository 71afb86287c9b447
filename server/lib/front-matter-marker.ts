// Which language a file's front matter says it is in: read without parsing it, so the web form can check it too.

export const YAML_FRONT_MATTER_ONLY = 'The page must start with YAML front matter'

/** The word after an opening `---` on its line (`---js` → `js`), or '' for plain `---`; null when there is no front matter. */
export function frontMatterLanguage(raw: string): string | null {
  // gray-matter drops a leading byte-order mark before it looks for the fence, so the check does too.
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw
  if (!text.startsWith('---') || text.startsWith('----')) return null
  const firstLine = text.slice(3).split(/\r?\n/, 1)[0] ?? ''
  return firstLine.trim().toLowerCase()
}

/** True when the text opens with front matter in a language other than YAML (what parseFrontMatter refuses). */
export function hasForeignFrontMatter(text: string): boolean {
  const language = frontMatterLanguage(text)
  return language !== null && language !== '' && language !== 'yaml' && language !== 'yml'
}
