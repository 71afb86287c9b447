import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import YAML from 'yaml'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))
afterEach(() => vi.restoreAllMocks())

const readYaml = (rel: string) => YAML.parse(readFileSync(join(t.root, rel), 'utf8'))
const lastCommitFiles = () => t.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()
const lastCommitBody = () => t.git('log', '-1', '--format=%B').trim()

describe('public reads', () => {
  it('lists visible services in service order, skipping unknown ids', async () => {
    const res = await t.call('GET', '/api/services')
    expect(res.status).toBe(200)
    expect((await res.json()).map((s: { id: string }) => s.id)).toEqual(['mosaics', 'bouquets'])
  })

  it('lists hidden services too for the admin, unordered ones at the end', async () => {
    const res = await t.call('GET', '/api/services', { cookie })
    expect((await res.json()).map((s: { id: string }) => s.id)).toEqual(['mosaics', 'bouquets', 'secret'])
  })

  it('hidden service answers 404 to the public and 200 to the admin', async () => {
    expect((await t.call('GET', '/api/services/secret')).status).toBe(404)
    expect((await t.call('GET', '/api/service-content/secret')).status).toBe(404)
    expect((await t.call('GET', '/api/services/secret', { cookie })).status).toBe(200)
    expect((await t.call('GET', '/api/services/nope', { cookie })).status).toBe(404)
  })

  it('service content answers about text and pricing', async () => {
    const res = await t.call('GET', '/api/service-content/bouquets')
    expect(await res.json()).toEqual({ aboutText: 'All about Bouquets.', pricingInfo: 'Small: $50\nLarge: $120\n' })
  })

  it('service order answers the stored list', async () => {
    expect(await (await t.call('GET', '/api/service-order')).json()).toEqual(['mosaics', 'gone', 'bouquets'])
  })

  it('a service file that fails its schema keeps its last valid version, for visitors and in the dashboard, and is named as a problem', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { writeFileSync } = await import('node:fs')
    writeFileSync(join(t.root, 'content/services/mosaics.yaml'), 'title: Mosaics\ndescription: x\nvisible: maybe\n')
    t.git('commit', '-qm', 'Developer edit', '--', 'content/services/mosaics.yaml')
    const list = await t.call('GET', '/api/services')
    expect(list.status).toBe(200)
    expect((await list.json()).map((s: { id: string }) => s.id)).toEqual(['mosaics', 'bouquets'])
    const one = await t.call('GET', '/api/services/mosaics')
    expect(one.status).toBe(200)
    expect(await one.json()).toMatchObject({ title: 'Mosaics', description: 'Mosaics for every occasion.', visible: true })
    const cookie = await t.login()
    const admin = await (await t.call('GET', '/api/services', { cookie })).json()
    expect(admin.map((s: { id: string }) => s.id)).toContain('mosaics')
    const problems = await (await t.call('GET', '/api/admin/content-problems', { cookie })).json()
    expect(problems).toEqual({
      problems: [
        {
          file: 'content/services/mosaics.yaml',
          field: 'visible',
          message: expect.stringContaining('boolean'),
          lastValidCommit: t.git('rev-parse', 'HEAD~1').trim(),
        },
      ],
    })
  })
})

describe('management without a session', () => {
  it('answers 401 and changes nothing', async () => {
    const before = t.subjects().length
    const calls: [string, string, unknown][] = [
      ['POST', '/api/services', { id: 'x', title: 'X', description: 'd', aboutText: 'a', pricingInfo: 'p' }],
      ['PUT', '/api/services/bouquets', { visible: false }],
      ['DELETE', '/api/services/bouquets', undefined],
      ['PUT', '/api/services/bouquets/images', { images: [] }],
      ['PUT', '/api/service-order', ['bouquets']],
      ['PUT', '/api/service-content/bouquets', { aboutText: 'a', pricingInfo: 'p' }],
    ]
    for (const [method, path, json] of calls) {
      const res = await t.call(method, path, { json })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect((await res.json()).error).toBeTruthy()
    }
    expect(t.subjects().length).toBe(before)
    expect(existsSync(join(t.root, 'content/services/bouquets.yaml'))).toBe(true)
  })
})

describe('adding a service', () => {
  const draft = {
    id: 'Jumbo Balloons!',
    title: 'Jumbos',
    description: 'Big ones',
    aboutText: 'About',
    pricingInfo: 'One: $10',
    imageUrl: '/uploads/bouquet-one.jpg',
  }

  it('normalises the id, appends it to the order and commits both files', async () => {
    const res = await t.call('POST', '/api/services', { json: draft, cookie })
    expect(res.status).toBe(201)
    const created = await res.json()
    expect(created).toMatchObject({ id: 'jumbo-balloons-', visible: true, inquiryFormTitle: 'Get a Quote' })
    expect(created.images).toEqual([{ cropped: '/uploads/bouquet-one.jpg', original: '/uploads/bouquet-one.jpg' }])
    expect(readYaml('content/service-order.yaml')).toEqual(['mosaics', 'gone', 'bouquets', 'jumbo-balloons-'])
    expect(t.subjects()[0]).toBe('Add service "Jumbos"')
    expect(lastCommitFiles()).toEqual(['content/service-order.yaml', 'content/services/jumbo-balloons-.yaml'])
    expect(lastCommitBody()).toContain('Content-Item: services/jumbo-balloons-')
    expect(t.git('log', '-1', '--format=%an <%ae>').trim()).toBe('Studio Admin <admin@site.test>')
  })

  it('a non-upload image URL gives no images', async () => {
    const res = await t.call('POST', '/api/services', { json: { ...draft, id: 'x', imageUrl: 'https://evil.test/a.jpg' }, cookie })
    expect((await res.json()).images).toEqual([])
  })

  it('a duplicate id answers 409 naming it and commits nothing', async () => {
    const before = t.subjects().length
    const res = await t.call('POST', '/api/services', { json: { ...draft, id: 'Bouquets' }, cookie })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toContain('bouquets')
    expect(t.subjects().length).toBe(before)
  })

  it('missing fields answer 400 with the dialog message', async () => {
    const res = await t.call('POST', '/api/services', { json: { ...draft, title: ' ' }, cookie })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Missing required fields' })
  })
})

describe('updating a service', () => {
  it('applies a subset of fields, content included, in one commit naming what changed', async () => {
    const res = await t.call('PUT', '/api/services/bouquets', { json: { pricingInfo: 'All: $1', visible: false }, cookie })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: 'bouquets', pricingInfo: 'All: $1', visible: false, title: 'Bouquets' })
    expect(t.subjects()[0]).toBe('Update service "Bouquets": pricing, visibility')
    expect(lastCommitFiles()).toEqual(['content/services/bouquets.yaml'])
    expect(lastCommitBody()).toMatch(/\n\nContent-Item: services\/bouquets$/)
  })

  it('a visibility toggle alone reads as hide or show', async () => {
    await t.call('PUT', '/api/services/bouquets', { json: { visible: false }, cookie })
    expect(t.subjects()[0]).toBe('Hide service "Bouquets"')
  })

  it('once a file is in written form, a commit changes only the lines of the fields that changed', async () => {
    // The fixture file is sparse: the first save writes its defaults out; the seed content is already complete.
    await t.call('PUT', '/api/services/bouquets', { json: { title: 'Bouquets!' }, cookie })
    await t.call('PUT', '/api/services/bouquets', { json: { visible: false }, cookie })
    const changed = t
      .git('show', '--format=', '-U0', 'HEAD')
      .split('\n')
      .filter((l) => /^[-+][^-+]/.test(l))
    expect(changed).toEqual(['-visible: true', '+visible: false'])
  })

  it('a save of every field names each kind of change once, and a new title beside the old one', async () => {
    const res = await t.call('PUT', '/api/services/bouquets', {
      json: {
        title: 'Balloon Bouquets',
        description: 'New',
        aboutText: 'New about',
        pricingInfo: 'All: $1',
        visible: false,
        showFrom: '2030-01-01T09:00:00-08:00',
        showUntil: '2030-02-01T09:00:00-08:00',
        images: [{ cropped: '/uploads/bouquet-one.jpg', original: '/uploads/bouquet-one.jpg' }],
        inquiryFormTitle: 'Plan it',
        showBalloonColorSelection: true,
        balloonColorSelectionRequired: true,
        maxBalloonColors: 5,
        showStandardColors: false,
        showMetallicColors: false,
        showCrystalColors: false,
        showEffectsColors: false,
        customTextFields: [{ id: 'custom_1', header: 'Theme', instructions: 'Tell us' }],
        customDropdownFields: [{ id: 'dropdown_1', header: 'Size', instructions: 'Pick one', options: ['Small'] }],
        fieldOrder: ['dropdown_1', 'custom_1'],
      },
      cookie,
    })
    expect(res.status).toBe(200)
    expect(t.subjects()[0]).toBe(
      'Update service "Bouquets" → "Balloon Bouquets": title, description, about text, pricing, visibility, schedule, images, form title, balloon colors, custom fields',
    )
  })

  it.each([
    ['a title alone', { title: 'Balloon Bouquets' }, 'Update service "Bouquets" → "Balloon Bouquets": title'],
    [
      'visibility with the schedule',
      { visible: false, showUntil: '2031-01-01T09:00:00-08:00' },
      'Update service "Bouquets": visibility, schedule',
    ],
    ['one balloon color setting', { showCrystalColors: false }, 'Update service "Bouquets": balloon colors'],
    ['pictures with the form title', { images: [], inquiryFormTitle: 'Plan it' }, 'Update service "Bouquets": images, form title'],
    [
      'a photo question alone',
      { customPhotoFields: [{ id: 'photos_1', header: 'Venue photos', instructions: 'Where it goes' }] },
      'Update service "Bouquets": custom fields',
    ],
  ])('%s is named in the commit', async (_name, json, subject) => {
    expect((await t.call('PUT', '/api/services/bouquets', { json, cookie })).status).toBe(200)
    expect(t.subjects()[0]).toBe(subject)
  })

  it('showing a hidden service reads as show', async () => {
    expect((await t.call('PUT', '/api/services/secret', { json: { visible: true }, cookie })).status).toBe(200)
    expect(t.subjects()[0]).toBe('Show service "Secret"')
  })

  it('an unchanged save makes no commit', async () => {
    const before = t.subjects().length
    const res = await t.call('PUT', '/api/services/bouquets', { json: { title: 'Bouquets' }, cookie })
    expect(res.status).toBe(200)
    expect(t.subjects().length).toBe(before)
  })

  it('refuses to change the id and unknown fields', async () => {
    const res = await t.call('PUT', '/api/services/bouquets', { json: { id: 'other' }, cookie })
    expect(res.status).toBe(400)
    expect(readYaml('content/services/bouquets.yaml').title).toBe('Bouquets')
  })

  it('bad input answers 400 and changes nothing', async () => {
    const before = t.subjects().length
    for (const json of [{ title: '' }, { maxBalloonColors: 51 }, { images: [{ cropped: '/etc/passwd', original: 'x' }] }]) {
      const res = await t.call('PUT', '/api/services/bouquets', { json, cookie })
      expect(res.status).toBe(400)
      expect(typeof (await res.json()).error).toBe('string')
    }
    expect(t.subjects().length).toBe(before)
  })

  it('unknown service answers 404', async () => {
    expect((await t.call('PUT', '/api/services/nope', { json: { visible: true }, cookie })).status).toBe(404)
  })

  it('images and service content have their own calls', async () => {
    const images = [{ cropped: '/uploads/shared-image.jpg', original: '/uploads/shared-image.jpg' }]
    const res = await t.call('PUT', '/api/services/bouquets/images', { json: { images }, cookie })
    expect((await res.json()).images).toEqual(images)
    expect(t.subjects()[0]).toBe('Remove 1 picture from service "Bouquets"')
    const content = await t.call('PUT', '/api/service-content/bouquets', { json: { aboutText: 'New about', pricingInfo: 'X: 1' }, cookie })
    expect(await content.json()).toEqual({ aboutText: 'New about', pricingInfo: 'X: 1' })
    expect(t.subjects()[0]).toBe('Update service "Bouquets": about text, pricing')
  })

  it('accepts only JSON bodies', async () => {
    const res = await t.call('PUT', '/api/services/bouquets', { body: 'visible=false', cookie, headers: { 'Content-Type': 'text/plain' } })
    expect(res.status).toBe(415)
  })
})

describe('reordering and deleting', () => {
  it('saves the order as one commit', async () => {
    const res = await t.call('PUT', '/api/service-order', { json: ['bouquets', 'secret', 'mosaics'], cookie })
    expect(await res.json()).toEqual(['bouquets', 'secret', 'mosaics'])
    expect(t.subjects()[0]).toBe('Reorder services')
    expect(lastCommitBody()).toContain('Content-Item: service-order')
    const list = await t.call('GET', '/api/services')
    expect((await list.json()).map((s: { id: string }) => s.id)).toEqual(['bouquets', 'mosaics'])
  })

  it('rejects an order that is not a list of ids', async () => {
    expect((await t.call('PUT', '/api/service-order', { json: { order: [] }, cookie })).status).toBe(400)
    expect((await t.call('PUT', '/api/service-order', { json: ['../x'], cookie })).status).toBe(400)
  })

  it('deletes the file, the order entry and images nothing else uses, in one commit', async () => {
    const res = await t.call('DELETE', '/api/services/bouquets', { cookie })
    expect(res.status).toBe(200)
    expect(t.subjects()[0]).toBe('Delete service "Bouquets"')
    expect(lastCommitFiles()).toEqual(['content/service-order.yaml', 'content/services/bouquets.yaml', 'uploads/bouquet-one.jpg'])
    expect(existsSync(join(t.root, 'uploads/shared-image.jpg'))).toBe(true)
    expect(readYaml('content/service-order.yaml')).toEqual(['mosaics', 'gone'])
    expect(lastCommitBody()).toContain('Content-Item: uploads/bouquet-one.jpg')
    expect((await t.call('DELETE', '/api/services/bouquets', { cookie })).status).toBe(404)
  })
})

describe('control characters in text fields', () => {
  const draft = { id: 'arches', title: 'Arches', description: 'Big ones', aboutText: 'About', pricingInfo: 'From $200' }

  it('a NUL or other control character in a title answers 400 naming the field, with no commit and no file', async () => {
    const head = t.git('rev-parse', 'HEAD')
    for (const title of ['Arch\u0000es', 'Arches\u001B[31m', 'Arches\u0085', 'Arches\nContent-Item: services/bouquets']) {
      const add = await t.call('POST', '/api/services', { json: { ...draft, title }, cookie })
      expect(add.status, JSON.stringify(title)).toBe(400)
      expect((await add.json()).error).toMatch(/^Title must (not contain control characters|be one line)$/)
      const edit = await t.call('PUT', '/api/services/bouquets', { json: { title }, cookie })
      expect(edit.status, JSON.stringify(title)).toBe(400)
      expect((await edit.json()).error).toMatch(/^Title /)
    }
    expect(t.git('rev-parse', 'HEAD')).toBe(head)
    expect(t.git('status', '--porcelain')).toBe('')
    expect(existsSync(join(t.root, 'content/services/arches.yaml'))).toBe(false)
  })

  it('a bidi override in a title, and controls or lone surrogates in the other fields, are refused by name', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'Arches\u202Egpj.exe' }, 'Title must not contain text-direction control characters'],
      [{ description: 'Big\u0000' }, 'Short description must not contain control characters'],
      [{ aboutText: 'About \uD800' }, 'About text contains an invalid character'],
      [{ pricingInfo: 'From\u0007 $200' }, 'Pricing information must not contain control characters'],
      [{ inquiryFormTitle: 'Ask\u0000' }, 'Inquiry form title must not contain control characters'],
      [
        { customTextFields: [{ id: 'custom_1', header: 'Size\u0000', instructions: 'How big?' }] },
        'Field title must not contain control characters',
      ],
      [
        { customDropdownFields: [{ id: 'dropdown_1', header: 'Size', instructions: 'Pick', options: ['S\u202E'] }] },
        'Option must not contain text-direction control characters',
      ],
    ]
    for (const [update, error] of cases) {
      const res = await t.call('PUT', '/api/services/bouquets', { json: update, cookie })
      expect(res.status, error).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    const content = await t.call('PUT', '/api/service-content/bouquets', { json: { aboutText: 'A\u0000', pricingInfo: 'P' }, cookie })
    expect(await content.json()).toEqual({ error: 'About text must not contain control characters' })
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('tabs and line breaks stay allowed in multi-line fields, and right-to-left text anywhere', async () => {
    const res = await t.call('PUT', '/api/services/bouquets', {
      json: { title: 'בלונים', pricingInfo: 'Small:\t$50\r\nLarge:\t$120' },
      cookie,
    })
    expect(res.status).toBe(200)
    expect(readYaml('content/services/bouquets.yaml')).toMatchObject({ title: 'בלונים', pricingInfo: 'Small:\t$50\r\nLarge:\t$120' })
  })
})
