// The History tab's filter: services that exist now or ever existed, and the other content items.
import { readdir } from 'node:fs/promises'
import { resolveInside } from '../lib/files'
import { git, hasHead } from './git-read'
import { CONTENT_KINDS } from '../kinds/content-kinds'
import { SINGLE_FILE_ITEMS, isServiceItem, itemOfPath, serviceIdOf } from './items'
import { serviceTitle } from './restore-plan'
import { readDisk } from './uncommitted'

/** Services that exist now or ever existed in history, for the History filter. */
export async function historyItems(root: string): Promise<{ item: string; label: string; current: boolean }[]> {
  const current = new Map<string, string | undefined>()
  for (const path of await servicesOnDisk(root)) {
    const item = itemOfPath(path)
    if (item && isServiceItem(item)) current.set(item, serviceTitle((await readDisk(root, path))?.toString('utf8') ?? null))
  }
  const past = new Set<string>()
  if (await hasHead(root)) {
    const out = await git(root, ['log', '--format=', '--name-only', '--no-renames', 'HEAD', '--', 'content/services'])
    for (const p of out.split('\n')) {
      const item = itemOfPath(p.trim())
      if (item && isServiceItem(item) && !current.has(item)) past.add(item)
    }
  }
  const services = [...current].map(([item, title]) => ({ item, label: title ?? serviceIdOf(item)!, current: true }))
  services.sort((a, b) => a.label.localeCompare(b.label))
  const gone = [...past].sort().map((item) => ({ item, label: `${serviceIdOf(item)} (deleted)`, current: false }))
  // Then every content kind kept in one file that the owner edits in the dashboard, in the kinds' order.
  const others = CONTENT_KINDS.filter((k) => k.item in SINGLE_FILE_ITEMS && k.restorable).map((k) => ({
    item: k.item,
    label: k.label,
    current: true,
  }))
  return [...services, ...gone, ...others]
}

async function servicesOnDisk(root: string): Promise<string[]> {
  try {
    return (await readdir(resolveInside(root, 'content/services'))).map((f) => `content/services/${f}`)
  } catch {
    return []
  }
}
