// The body guards with the values that almost pass: a body type one step from application/json or multipart/form-data
// (a longer name, a suffix type, a parameter naming it, no type), and the 512 KiB limit at its edge: exactly 512 KiB
// is read, one byte more is 413.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { onError } from './errors'
import { isMultipartForm, JSON_BODY_LIMIT, jsonBody, limitBody } from './http'

const app = new Hono()
app.onError(onError)
app.post('/json', async (c) => c.json(await jsonBody(c, z.object({ a: z.string() }))))
app.post('/limited', limitBody(JSON_BODY_LIMIT), async (c) => c.json({ length: (await c.req.text()).length }))

const postJson = (type: string | undefined) =>
  app.request('http://site.test/json', { method: 'POST', headers: type === undefined ? {} : { 'Content-Type': type }, body: '{"a":"b"}' })

describe('body types that almost say JSON', () => {
  it.each([
    'application/jsonx',
    'application/json-patch+json',
    'application/ld+json',
    'application/x-json',
    'xapplication/json',
    'text/json',
    'text/plain',
    'text/plain; charset=utf-8',
    'text/plain; x=application/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    '',
    undefined,
  ])('%j is refused with 415, unread', async (type) => {
    const res = await postJson(type)
    expect([res.status, await res.json()]).toEqual([415, { error: 'Send the body as application/json' }])
  })

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'APPLICATION/JSON',
    'application/json ; x=y',
  ])('%j is JSON', async (type) => {
    const res = await postJson(type)
    expect([res.status, await res.json()]).toEqual([200, { a: 'b' }])
  })
})

describe('the 512 KiB body limit', () => {
  const post = (length: number) => app.request('http://site.test/limited', { method: 'POST', body: 'x'.repeat(length) })

  it('reads a body of exactly 512 KiB', async () => {
    const res = await post(512 * 1024)
    expect([res.status, await res.json()]).toEqual([200, { length: 524_288 }])
  })

  it('refuses one byte more with 413, closing the connection', async () => {
    const res = await post(512 * 1024 + 1)
    expect([res.status, await res.json()]).toEqual([413, { error: 'The request is too large' }])
    expect(res.headers.get('connection')).toBe('close')
  })
})

describe('body types that almost say multipart', () => {
  it.each([
    'multipart/form-datax',
    'multipart/form-data-x',
    'multipart/mixed; boundary=x',
    'text/plain; x=multipart/form-data',
    'xmultipart/form-data',
    '',
    undefined,
  ])('%j is not multipart/form-data', (type) => expect(isMultipartForm(type)).toBe(false))

  it.each(['multipart/form-data', 'multipart/form-data; boundary=x', 'Multipart/Form-Data;boundary=x', 'multipart/form-data ; boundary=x'])(
    '%j is',
    (type) => expect(isMultipartForm(type)).toBe(true),
  )
})
