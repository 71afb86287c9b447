// /api/admin/history: the content commits, one commit's field-level change, files as they were, restore, sync status.
import { Hono } from 'hono'
import { z } from 'zod'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { DetailedHttpError, badRequest, conflict, httpError, notFound } from '../lib/errors'
import { jsonBody } from '../lib/http'
import { textLine } from '../lib/text'
import { UPLOAD_PATH } from '../lib/upload-url'
import type { ContentHistory } from './content-history'
import { commitDetail, fileAtCommit } from './commit-detail'
import { HistoryError } from './history-error'
import { historyItems } from './history-filter'
import { listHistory } from './history-log'
import { itemOfPath } from './items'
import { HISTORY_KINDS, type HistoryKind } from './history.types'
import { UndoConflict } from './undo-plan'

const ListQuerySchema = z.object({
  item: textLine('item').max(200).optional(),
  kind: z
    .enum(Object.keys(HISTORY_KINDS) as [HistoryKind, ...HistoryKind[]], {
      message: `Unknown kind of change (one of ${Object.keys(HISTORY_KINDS).join(', ')})`,
    })
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(30),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})

const HashSchema = z.string().regex(/^[0-9a-f]{7,40}$/i, 'Not a commit id')

const RestoreRequestSchema = z.object({
  hash: HashSchema,
  item: textLine('Item').min(1, 'Item is required').max(200),
})

const UndoRequestSchema = z.object({ commit: HashSchema })

const ProblemRestoreSchema = z.object({ file: textLine('File').min(1, 'File is required').max(300) })

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
}

function rethrow(err: unknown): never {
  if (err instanceof UndoConflict) throw new DetailedHttpError(409, err.message, err.details)
  if (err instanceof HistoryError) throw httpError(err.status, err.message)
  throw err
}

export function createHistoryRoutes({ history }: { history: ContentHistory }) {
  const root = history.root
  return (
    new Hono<AppEnv>()
      .use('/admin/history', requireAdmin)
      .use('/admin/history/*', requireAdmin)
      .use('/admin/content-problems', requireAdmin)
      .use('/admin/content-problems/*', requireAdmin)
      .get('/admin/content-problems', async (c) => c.json({ problems: await history.problems.list() }))
      // "Put back the last valid version": one commit restoring the file as it was at its newest valid commit.
      .post('/admin/content-problems/restore', async (c) => {
        const { file } = await jsonBody(c, ProblemRestoreSchema)
        const problem = (await history.problems.list()).find((p) => p.file === file)
        if (!problem) throw notFound(`${file} has no problem to fix`)
        const item = itemOfPath(file)
        if (!problem.lastValidCommit || !item) throw conflict(`${file} has no earlier valid version; fix it by hand or with git`)
        return c.json(await history.restore(problem.lastValidCommit, item).catch(rethrow))
      })
      .get('/admin/history', async (c) => {
        const query = ListQuerySchema.safeParse(c.req.query())
        if (!query.success) throw badRequest(query.error.issues[0]?.message ?? 'Invalid query')
        return c.json(await listHistory(root, query.data).catch(rethrow))
      })
      .get('/admin/history/items', async (c) => c.json(await historyItems(root)))
      .get('/admin/history/status', async (c) => c.json(await history.status()))
      .get('/admin/history/sync', async (c) => c.json(await history.sync.status()))
      // "Get changes now": fetch and take in at once; answers when done (or after 15 s, the sync going on behind).
      .post('/admin/history/sync', async (c) => {
        await Promise.race([history.sync.syncNow(), new Promise((r) => setTimeout(r, 15_000).unref())])
        return c.json(await history.sync.status())
      })
      .get('/admin/history/commits/:hash', async (c) => {
        const hash = HashSchema.safeParse(c.req.param('hash'))
        if (!hash.success) throw notFound('No such commit')
        return c.json(await commitDetail(root, hash.data).catch(rethrow))
      })
      .get('/admin/history/commits/:hash/file', async (c) => {
        const hash = HashSchema.safeParse(c.req.param('hash'))
        const path = c.req.query('path') ?? ''
        const ext = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase() ?? ''
        if (!hash.success) throw notFound('No such commit')
        if (!UPLOAD_PATH.test(path) || !IMAGE_TYPES[ext]) throw badRequest('Only images under uploads/ can be shown')
        const bytes = await fileAtCommit(root, hash.data, path).catch(rethrow)
        if (!bytes) throw notFound('That image is not in this version')
        c.header('Content-Type', IMAGE_TYPES[ext])
        c.header('Content-Disposition', 'inline')
        c.header('X-Content-Type-Options', 'nosniff')
        return c.body(new Uint8Array(bytes))
      })
      .post('/admin/history/restore', async (c) => {
        const body = await jsonBody(c, RestoreRequestSchema)
        return c.json(await history.restore(body.hash, body.item).catch(rethrow))
      })
      .post('/admin/history/restore/preview', async (c) => {
        const body = await jsonBody(c, RestoreRequestSchema)
        return c.json(await history.previewRestore(body.hash, body.item).catch(rethrow))
      })
      // "Undo this change": preview first (nothing written), then the undo itself as one new commit; 409 names the
      // later change that touched the same lines.
      .post('/admin/history/undo/preview', async (c) => {
        const { commit } = await jsonBody(c, UndoRequestSchema)
        return c.json(await history.previewUndo(commit).catch(rethrow))
      })
      .post('/admin/history/undo', async (c) => {
        const { commit } = await jsonBody(c, UndoRequestSchema)
        return c.json(await history.undo(commit).catch(rethrow))
      })
  )
}
