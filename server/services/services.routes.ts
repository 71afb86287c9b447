// /api/services, /api/service-order and /api/service-content: public reads, admin writes.
import { Hono } from 'hono'
import { isAdmin, requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { clockNow } from '../lib/clock'
import type { ContentDeps } from '../lib/content-deps'
import { notFound } from '../lib/errors'
import { jsonBody, jsonPatchBody } from '../lib/http'
import { withVersion } from '../lib/stale-edit'
import {
  NewServiceSchema,
  ServiceContentSchema,
  ServiceImagesUpdateSchema,
  ServiceOrderSchema,
  ServiceUpdateSchema,
  isPublicService,
  type Service,
} from './services.schema'
import {
  addService,
  deleteService,
  findService,
  listServices,
  readServiceOrder,
  serviceContentOf,
  updateService,
  updateServiceContent,
  writeServiceOrder,
} from './services.store'

export function createServiceRoutes({ repo, store }: ContentDeps) {
  /** Hidden, unknown and scheduled-out services look the same to the public: 404. */
  async function serviceFor(c: Parameters<typeof isAdmin>[0], id: string): Promise<Service> {
    const service = await findService(store, id)
    if (!service || (!isAdmin(c) && !isPublicService(service, clockNow()))) throw notFound(`No service with id "${id}"`)
    return service
  }

  return (
    new Hono<AppEnv>()
      .get('/services', async (c) => {
        const services = await listServices(store)
        const now = clockNow()
        return c.json(isAdmin(c) ? services.map(withVersion) : services.filter((s) => isPublicService(s, now)))
      })
      .get('/services/:id', async (c) => {
        const service = await serviceFor(c, c.req.param('id'))
        return c.json(isAdmin(c) ? withVersion(service) : service)
      })
      .get('/service-order', async (c) => c.json(await readServiceOrder(store)))
      .get('/service-content/:id', async (c) => c.json(serviceContentOf(await serviceFor(c, c.req.param('id')))))
      .post('/services', requireAdmin, async (c) => {
        const input = await jsonBody(c, NewServiceSchema)
        return c.json(await addService(repo, store, input), 201)
      })
      // The dashboard loads each service with its version and sends it back as baseVersion; a stale one answers 409.
      .put('/services/:id', requireAdmin, async (c) => {
        const { baseVersion, ...update } = await jsonPatchBody(c, ServiceUpdateSchema)
        return c.json(withVersion(await updateService(repo, store, c.req.param('id'), update, baseVersion)))
      })
      .delete('/services/:id', requireAdmin, async (c) => {
        await deleteService(repo, store, c.req.param('id'))
        return c.json({ ok: true as const })
      })
      .put('/services/:id/images', requireAdmin, async (c) => {
        const { images } = await jsonBody(c, ServiceImagesUpdateSchema)
        return c.json(withVersion(await updateService(repo, store, c.req.param('id'), { images })))
      })
      .put('/service-order', requireAdmin, async (c) => {
        const order = await jsonBody(c, ServiceOrderSchema)
        return c.json(await writeServiceOrder(repo, store, order))
      })
      .put('/service-content/:id', requireAdmin, async (c) => {
        const content = await jsonBody(c, ServiceContentSchema)
        return c.json(await updateServiceContent(repo, store, c.req.param('id'), content))
      })
  )
}
