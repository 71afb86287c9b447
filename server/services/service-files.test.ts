// Service files as the owner or git may leave them: odd names, a file naming another id, no or a broken order file;
// and what adding or deleting then writes and commits.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import YAML from 'yaml'
import { DEFAULT_SERVICE_ORDER } from './services.schema'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))
afterEach(() => vi.restoreAllMocks())

const write = (rel: string, text: string) => writeFileSync(join(t.root, rel), text)
const readYaml = (rel: string) => YAML.parse(readFileSync(join(t.root, rel), 'utf8'))
const lastCommitFiles = () => t.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()
const lastCommitBody = () => t.git('log', '-1', '--format=%B').trim()
const ids = async (res: Response) => ((await res.json()) as { id: string }[]).map((s) => s.id)
const serviceText = (title: string) => `title: ${title}\ndescription: ${title} for all.\nvisible: true\n`
const draft = { id: 'arches', title: 'Arches', description: 'Big ones', aboutText: 'About', pricingInfo: 'One: $10' }

describe('files in content/services', () => {
  it('a file whose name is no service id is neither listed nor readable as a service', async () => {
    write('content/services/copy.bouquets.yaml', serviceText('Old bouquets'))
    write('content/services/bouquets.yaml.old.yaml', serviceText('Older bouquets'))
    write('content/services/notes.txt', 'ideas\n')
    const list = await t.call('GET', '/api/services', { cookie })
    expect(list.status).toBe(200)
    expect(await ids(list)).toEqual(['mosaics', 'bouquets', 'secret'])
    const one = await t.call('GET', '/api/services/copy.bouquets', { cookie })
    expect(one.status).toBe(404)
    expect(await one.json()).toEqual({ error: 'No service with id "copy.bouquets"' })
    expect((await t.call('GET', '/api/services/bouquets.yaml.old', { cookie })).status).toBe(404)
  })

  it('services the order does not name follow it in file-name order', async () => {
    for (const id of ['zeta', 'alpha', 'mid', 'beta']) write(`content/services/${id}.yaml`, serviceText(id))
    expect(await ids(await t.call('GET', '/api/services', { cookie }))).toEqual([
      'mosaics',
      'bouquets',
      'alpha',
      'beta',
      'mid',
      'secret',
      'zeta',
    ])
  })

  it.each([
    ['a list', '- title\n- description\n', 'field "(whole file)"'],
    ['a single word', 'bouquets\n', 'field "(whole file)"'],
    ['another id', `${serviceText('Bouquets')}id: mosaics\n`, 'field "id": id must match the file name (bouquets)'],
  ])(
    'a new file holding %s (never valid, so nothing to fall back on) is named with what is wrong, and left out of the list with a log line',
    async (_name, text, problem) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      write('content/services/fresh.yaml', text.replace('id: mosaics', 'id: mosaics'))
      const one = await t.call('GET', '/api/services/fresh', { cookie })
      expect(one.status).toBe(500)
      expect((await one.json()).error).toContain(`content/services/fresh.yaml: ${problem.replace('(bouquets)', '(fresh)')}`)
      expect(await ids(await t.call('GET', '/api/services', { cookie }))).toEqual(['mosaics', 'bouquets', 'secret'])
      expect(logged).toHaveBeenCalledWith(
        expect.stringContaining(`Skipping service: content/services/fresh.yaml: ${problem.replace('(bouquets)', '(fresh)')}`),
      )
    },
  )

  it('a broken edit of a service that was valid keeps its last valid version', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    write('content/services/bouquets.yaml', '- title\n- description\n')
    const one = await t.call('GET', '/api/services/bouquets', { cookie })
    expect(one.status).toBe(200)
    expect((await one.json()).title).toBe('Bouquets')
    expect(await ids(await t.call('GET', '/api/services', { cookie }))).toEqual(['mosaics', 'bouquets', 'secret'])
  })
})

describe('the order file', () => {
  it('without one, the default order is answered and the site follows it', async () => {
    rmSync(join(t.root, 'content/service-order.yaml'))
    expect(await (await t.call('GET', '/api/service-order')).json()).toEqual([...DEFAULT_SERVICE_ORDER])
    expect(await ids(await t.call('GET', '/api/services'))).toEqual(['bouquets', 'mosaics'])
  })

  it('a broken one keeps its last valid order', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    write('content/service-order.yaml', '- bouquets\n- Not An Id\n')
    const list = await t.call('GET', '/api/services', { cookie })
    expect(list.status).toBe(200)
    expect(await ids(list)).toEqual(['mosaics', 'bouquets', 'secret'])
  })

  it('a broken one with no valid version to fall back on is set aside: file-name order, and the log says why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    rmSync(join(t.root, '.git'), { recursive: true, force: true })
    write('content/service-order.yaml', '- mosaics\n- Not An Id\n')
    const list = await t.call('GET', '/api/services', { cookie })
    expect([list.status, await ids(list)]).toEqual([200, ['bouquets', 'mosaics', 'secret']])
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Ignoring service order: content\/service-order\.yaml: field "1": /))
  })

  it('adding a service without one records the order the site showed, then the new one, in the same commit', async () => {
    rmSync(join(t.root, 'content/service-order.yaml'))
    t.git('commit', '-qm', 'Remove the order', '--', 'content/service-order.yaml')
    const res = await t.call('POST', '/api/services', { json: draft, cookie })
    expect(res.status).toBe(201)
    expect(readYaml('content/service-order.yaml')).toEqual(['bouquets', 'mosaics', 'secret', 'arches'])
    expect(lastCommitFiles()).toEqual(['content/service-order.yaml', 'content/services/arches.yaml'])
  })

  it('adding a service the order already names leaves the order file alone', async () => {
    const res = await t.call('POST', '/api/services', { json: { ...draft, id: 'gone', title: 'Gone' }, cookie })
    expect(res.status).toBe(201)
    expect(readYaml('content/service-order.yaml')).toEqual(['mosaics', 'gone', 'bouquets'])
    expect(lastCommitFiles()).toEqual(['content/services/gone.yaml'])
    expect(lastCommitBody()).not.toContain('Content-Item: service-order')
  })

  it('deleting a service the order does not name commits its file alone', async () => {
    const res = await t.call('DELETE', '/api/services/secret', { cookie })
    expect(await res.json()).toEqual({ ok: true })
    expect(t.subjects()[0]).toBe('Delete service "Secret"')
    expect(lastCommitFiles()).toEqual(['content/services/secret.yaml'])
    expect(lastCommitBody()).toMatch(/\n\nContent-Item: services\/secret$/)
    expect(readYaml('content/service-order.yaml')).toEqual(['mosaics', 'gone', 'bouquets'])
  })

  it('adding a service while the order file has uncommitted hand edits is refused and writes nothing', async () => {
    write('content/service-order.yaml', '- bouquets\n- mosaics\n')
    const head = t.git('rev-parse', 'HEAD')
    const res = await t.call('POST', '/api/services', { json: draft, cookie })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toMatch(/uncommitted changes/)
    expect(t.git('rev-parse', 'HEAD')).toBe(head)
    expect(existsSync(join(t.root, 'content/services/arches.yaml'))).toBe(false)
    expect(readYaml('content/service-order.yaml')).toEqual(['bouquets', 'mosaics'])
  })

  it('deleting a service with uncommitted hand edits is refused and keeps the file and the edit', async () => {
    write('content/services/bouquets.yaml', `${serviceText('Bouquets')}# hand edit\n`)
    const head = t.git('rev-parse', 'HEAD')
    const res = await t.call('DELETE', '/api/services/bouquets', { cookie })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toMatch(/uncommitted changes/)
    expect(t.git('rev-parse', 'HEAD')).toBe(head)
    expect(readFileSync(join(t.root, 'content/services/bouquets.yaml'), 'utf8')).toContain('# hand edit')
  })

  it('deleting a service without one removes the service and its pictures, and writes no order', async () => {
    rmSync(join(t.root, 'content/service-order.yaml'))
    t.git('commit', '-qm', 'Remove the order', '--', 'content/service-order.yaml')
    const res = await t.call('DELETE', '/api/services/bouquets', { cookie })
    expect(res.status).toBe(200)
    expect(lastCommitFiles()).toEqual(['content/services/bouquets.yaml', 'uploads/bouquet-one.jpg'])
    expect(existsSync(join(t.root, 'content/service-order.yaml'))).toBe(false)
  })
})

describe('adding a service', () => {
  it('without a picture it has none; a form title given is kept', async () => {
    const res = await t.call('POST', '/api/services', { json: { ...draft, inquiryFormTitle: 'Plan your arch' }, cookie })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ id: 'arches', images: [], inquiryFormTitle: 'Plan your arch' })
    expect(readYaml('content/services/arches.yaml')).toMatchObject({ images: [], inquiryFormTitle: 'Plan your arch' })
  })
})

describe('unknown and hidden services', () => {
  it('are named in the 404 answer', async () => {
    expect(await (await t.call('GET', '/api/services/secret')).json()).toEqual({ error: 'No service with id "secret"' })
    const put = await t.call('PUT', '/api/services/nope', { json: { visible: true }, cookie })
    expect(put.status).toBe(404)
    expect(await put.json()).toEqual({ error: 'No service with id "nope"' })
    expect(t.subjects()).toEqual(['Seed content'])
  })
})

describe('the show window', () => {
  it('an end before the stored start answers 400 and changes nothing', async () => {
    const from = await t.call('PUT', '/api/services/bouquets', { json: { showFrom: '2030-01-10T09:00:00-08:00' }, cookie })
    expect(from.status).toBe(200)
    const head = t.git('rev-parse', 'HEAD')
    const res = await t.call('PUT', '/api/services/bouquets', { json: { showUntil: '2030-01-05T09:00:00-08:00' }, cookie })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Show until must be after Show from' })
    expect(t.git('rev-parse', 'HEAD')).toBe(head)
    expect(readYaml('content/services/bouquets.yaml').showUntil).toBeUndefined()
  })
})
