// The History tab's filter: the services there are now by their titles in alphabetical order, then those that ever
// existed by their ids, marked deleted, then the other content the owner edits; files that are not services ignored.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { historyItems } from './history-filter'

const roots: string[] = []
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })))

function repo(): { root: string; write: (path: string, text: string) => void; commit: (message: string) => void } {
  const root = mkdtempSync(join(tmpdir(), 'history-filter-'))
  roots.push(root)
  const run = (...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@x.test', ...args], { cwd: root })
  run('init', '-q')
  return {
    root,
    write: (path, text) => {
      mkdirSync(join(root, path, '..'), { recursive: true })
      writeFileSync(join(root, path), text)
    },
    commit: (message) => {
      run('add', '--', 'content')
      run('commit', '-q', '-m', message)
    },
  }
}

const services = async (root: string) => (await historyItems(root)).filter((i) => i.item.startsWith('services/'))

describe('the History filter', () => {
  it('lists the services by title, those without one by id, then the deleted ones by id; not other files', async () => {
    const r = repo()
    r.write('content/services/zebra.yaml', 'title: Arches\n')
    r.write('content/services/alpha.yaml', 'title: Wedding Walls\n')
    r.write('content/services/gone-b.yaml', 'title: B\n')
    r.write('content/services/gone-a.yaml', 'title: A\n')
    r.commit('services')
    rmSync(join(r.root, 'content/services/gone-b.yaml'))
    rmSync(join(r.root, 'content/services/gone-a.yaml'))
    r.commit('deleted two')
    r.write('content/services/mosaics.yaml', 'description: no title yet\n')
    r.write('content/services/notes.txt', 'not a service')
    expect(await services(r.root)).toEqual([
      { item: 'services/zebra', label: 'Arches', current: true },
      { item: 'services/mosaics', label: 'mosaics', current: true },
      { item: 'services/alpha', label: 'Wedding Walls', current: true },
      { item: 'services/gone-a', label: 'gone-a (deleted)', current: false },
      { item: 'services/gone-b', label: 'gone-b (deleted)', current: false },
    ])
    const rest = (await historyItems(r.root)).filter((i) => !i.item.startsWith('services/'))
    expect(rest.map((i) => i.item)).toContain('faq')
    expect(rest.map((i) => i.item)).not.toContain('mailing-list-segments')
  })

  it('a site with no commits yet, or no services folder, lists what is on disk or none', async () => {
    const r = repo()
    r.write('content/services/arches.yaml', 'title: Arches\n')
    expect(await services(r.root)).toEqual([{ item: 'services/arches', label: 'Arches', current: true }])
    const empty = repo()
    expect(await services(empty.root)).toEqual([])
  })
})
