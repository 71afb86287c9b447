// Services on disk: content/services/{id}.yaml and content/service-order.yaml, read per request, written as commits.
import { assertBaseVersion } from '../lib/stale-edit'
import { z } from 'zod'
import type { ContentStore } from '../lib/content-store'
import { ContentError, badRequest, conflict, notFound } from '../lib/errors'
import { windowProblem } from '../lib/schedule'
import { isUploadUrl } from '../lib/upload-url'
import { firstRuleProblem } from './form-rules'
import type { ContentRepo } from '../lib/git'
import { findUnreferencedUploads, uploadItem } from '../uploads/uploads.store'
import {
  DEFAULT_INQUIRY_FORM_TITLE,
  DEFAULT_SERVICE_ORDER,
  ServiceOrderSchema,
  ServiceSchema,
  orderServices,
  type NewService,
  type Service,
  type ServiceContent,
  type ServiceUpdate,
} from './services.schema'

export const SERVICES_DIR = 'content/services'
export const SERVICE_ORDER_FILE = 'content/service-order.yaml'
const SERVICE_ORDER_ITEM = 'service-order'

export const servicePath = (id: string) => `${SERVICES_DIR}/${id}.yaml`
const serviceItem = (id: string) => `services/${id}`

const SERVICE_FILE = /^([a-z0-9-]+)\.yaml$/

const serviceFileSchemas = new Map<string, z.ZodType<Service>>()

/** One schema object per id, so the content store's cache of validated files recognises it. */
const serviceFileSchema = (id: string): z.ZodType<Service> => {
  let schema = serviceFileSchemas.get(id)
  if (!schema) serviceFileSchemas.set(id, (schema = makeServiceFileSchema(id)))
  return schema
}

/** The id comes from the file name; an `id` written inside the file must agree with it. */
const makeServiceFileSchema = (id: string) =>
  z
    .preprocess((data) => (data && typeof data === 'object' && !Array.isArray(data) ? { id, ...data } : data), ServiceSchema)
    .refine((s) => s.id === id, { message: `id must match the file name (${id})`, path: ['id'] })

/** One service, or null when its file does not exist; a malformed file throws ContentError naming file and field. */
export async function findService(store: ContentStore, id: string): Promise<Service | null> {
  if (!SERVICE_FILE.test(`${id}.yaml`)) return null
  return store.readYaml(servicePath(id), serviceFileSchema(id), { ifMissing: () => null })
}

async function requireService(store: ContentStore, id: string): Promise<Service> {
  const service = await findService(store, id)
  if (!service) throw notFound(`No service with id "${id}"`)
  return service
}

/** The stored order; the default order when the file does not exist yet. */
export async function readServiceOrder(store: ContentStore): Promise<string[]> {
  return store.readYaml(SERVICE_ORDER_FILE, ServiceOrderSchema, { ifMissing: () => [...DEFAULT_SERVICE_ORDER] })
}

/**
 * Every service in service order. A malformed service file is logged and left out, so one bad file does not take
 * the catalogue down; a malformed order file falls back to file-name order.
 */
export async function listServices(store: ContentStore): Promise<Service[]> {
  const ids = (await store.list(SERVICES_DIR)).flatMap((name) => SERVICE_FILE.exec(name)?.[1] ?? []).sort()
  const services: Service[] = []
  for (const id of ids) {
    try {
      const service = await findService(store, id)
      if (service) services.push(service)
    } catch (err) {
      if (!(err instanceof ContentError)) throw err
      console.error(`Skipping service: ${err.message}`)
    }
  }
  let order: string[] = []
  try {
    order = await readServiceOrder(store)
  } catch (err) {
    if (!(err instanceof ContentError)) throw err
    console.error(`Ignoring service order: ${err.message}`)
  }
  return orderServices(services, order)
}

export function serviceContentOf(service: Service): ServiceContent {
  return { aboutText: service.aboutText, pricingInfo: service.pricingInfo }
}

/** Stored order file contents; written only when it changes. */
async function readStoredOrderOrNull(store: ContentStore): Promise<string[] | null> {
  return store.readYaml(SERVICE_ORDER_FILE, ServiceOrderSchema, { ifMissing: () => null })
}

export async function addService(repo: ContentRepo, store: ContentStore, input: NewService): Promise<Service> {
  return repo.change({
    message: `Add service "${input.title}"`,
    items: [serviceItem(input.id), SERVICE_ORDER_ITEM],
    apply: async () => {
      if ((await store.readText(servicePath(input.id))) !== null) {
        throw conflict(`A service with id "${input.id}" already exists`)
      }
      const image = input.imageUrl && isUploadUrl(input.imageUrl) ? [{ cropped: input.imageUrl, original: input.imageUrl }] : []
      const service = store.validate(servicePath(input.id), ServiceSchema, {
        id: input.id,
        title: input.title,
        description: input.description,
        aboutText: input.aboutText,
        pricingInfo: input.pricingInfo,
        inquiryFormTitle: input.inquiryFormTitle || DEFAULT_INQUIRY_FORM_TITLE,
        visible: true,
        showFrom: input.showFrom,
        showUntil: input.showUntil,
        images: image,
      })
      const order = (await readStoredOrderOrNull(store)) ?? (await listServiceIdsInOrder(store, service.id))
      const paths = [await store.writeYaml(servicePath(service.id), ServiceSchema, service)]
      const items = [serviceItem(service.id)]
      // An id the order already names (a service deleted by hand, say) leaves the order file, and its item, alone.
      if (!order.includes(service.id)) {
        paths.push(await store.writeYaml(SERVICE_ORDER_FILE, ServiceOrderSchema, [...order, service.id]))
        items.push(SERVICE_ORDER_ITEM)
      }
      return { paths, result: service, items }
    },
  })
}

/** When no order file exists yet, the first write records the order the site currently shows. */
async function listServiceIdsInOrder(store: ContentStore, except: string): Promise<string[]> {
  return (await listServices(store)).map((s) => s.id).filter((id) => id !== except)
}

const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  description: 'description',
  aboutText: 'about text',
  pricingInfo: 'pricing',
  visible: 'visibility',
  showFrom: 'schedule',
  showUntil: 'schedule',
  images: 'images',
  inquiryFormTitle: 'form title',
  showBalloonColorSelection: 'balloon colors',
  balloonColorSelectionRequired: 'balloon colors',
  maxBalloonColors: 'balloon colors',
  showStandardColors: 'balloon colors',
  showMetallicColors: 'balloon colors',
  showCrystalColors: 'balloon colors',
  showEffectsColors: 'balloon colors',
  customTextFields: 'custom fields',
  customDropdownFields: 'custom fields',
  customPhotoFields: 'custom fields',
  fieldOrder: 'custom fields',
}

function changedLabels(before: Service, after: Service): string[] {
  const labels = Object.keys(FIELD_LABELS)
    .filter((key) => JSON.stringify(before[key as keyof Service]) !== JSON.stringify(after[key as keyof Service]))
    .map((key) => FIELD_LABELS[key])
  return [...new Set(labels)]
}

const pictures = (n: number) => (n === 1 ? '1 picture' : `${n} pictures`)

/** A pictures-only change in the owner's words: added, removed or reordered. */
function imagesMessage(before: Service, after: Service): string {
  const beforeKeys = before.images.map((img) => img.cropped)
  const afterKeys = after.images.map((img) => img.cropped)
  const added = afterKeys.filter((k) => !beforeKeys.includes(k)).length
  const removed = beforeKeys.filter((k) => !afterKeys.includes(k)).length
  const parts = [added ? `Add ${pictures(added)} to` : '', removed ? `Remove ${pictures(removed)} from` : ''].filter(Boolean)
  if (parts.length === 0) {
    const reordered = beforeKeys.some((k, i) => afterKeys[i] !== k)
    const described = !reordered && before.images.some((img, i) => (img.alt ?? '') !== (after.images[i]?.alt ?? ''))
    return `${reordered ? 'Reorder pictures of' : described ? 'Update picture descriptions of' : 'Update pictures of'} service "${after.title}"`
  }
  return `${parts.join(' and ')} service "${after.title}"`
}

function updateMessage(before: Service, after: Service, labels: string[]): string {
  if (labels.length === 1 && labels[0] === 'visibility') {
    return `${after.visible ? 'Show' : 'Hide'} service "${after.title}"`
  }
  if (labels.length === 1 && labels[0] === 'images') return imagesMessage(before, after)
  const name = before.title === after.title ? after.title : `${before.title}" → "${after.title}`
  return `Update service "${name}": ${labels.join(', ')}`
}

/**
 * Applies any subset of fields (incl. aboutText, pricingInfo, images) as one commit; the id never changes. With a
 * baseVersion, refuses (409) when the service changed since the editor loaded it.
 */
export async function updateService(
  repo: ContentRepo,
  store: ContentStore,
  id: string,
  update: Omit<ServiceUpdate, 'baseVersion'>,
  baseVersion?: string,
): Promise<Service> {
  return repo.change({
    message: `Update service "${id}"`,
    items: [serviceItem(id)],
    apply: async () => {
      const before = await requireService(store, id)
      assertBaseVersion(before, baseVersion)
      const defined = Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined))
      // The window as it will be (one side may come from the stored service): an end before its start is refused.
      const problem = windowProblem({ ...before, ...defined }) ?? firstRuleProblem({ ...before, ...defined })
      if (problem) throw badRequest(problem)
      const after = store.validate(servicePath(id), ServiceSchema, { ...before, ...defined, id })
      const labels = changedLabels(before, after)
      if (labels.length === 0) return { paths: [], result: after }
      const paths = [await store.writeYaml(servicePath(id), ServiceSchema, after)]
      const items = [serviceItem(id)]
      // Pictures taken out go in the same commit, unless other content still uses the file.
      const kept = new Set(after.images.flatMap((img) => [img.cropped, img.original]))
      const dropped = before.images.flatMap((img) => [img.cropped, img.original]).filter((url) => !kept.has(url))
      for (const file of await findUnreferencedUploads(store, dropped)) {
        paths.push(await store.remove(`uploads/${file}`))
        items.push(uploadItem(file))
      }
      return { paths, result: after, message: updateMessage(before, after, labels), items }
    },
  })
}

export async function updateServiceContent(
  repo: ContentRepo,
  store: ContentStore,
  id: string,
  content: ServiceContent,
): Promise<ServiceContent> {
  return serviceContentOf(await updateService(repo, store, id, content))
}

export async function writeServiceOrder(repo: ContentRepo, store: ContentStore, ids: string[]): Promise<string[]> {
  const order = [...new Set(ids)]
  return repo.change({
    message: 'Reorder services',
    items: [SERVICE_ORDER_ITEM],
    apply: async () => ({ paths: [await store.writeYaml(SERVICE_ORDER_FILE, ServiceOrderSchema, order)], result: order }),
  })
}

/** Removes the service file, its order entry and the uploads only it used, in one commit. */
export async function deleteService(repo: ContentRepo, store: ContentStore, id: string): Promise<void> {
  return repo.change({
    message: `Delete service "${id}"`,
    items: [serviceItem(id)],
    apply: async () => {
      const service = await requireService(store, id)
      const order = await readStoredOrderOrNull(store)
      const paths = [await store.remove(servicePath(id))]
      const items = [serviceItem(id)]
      if (order?.includes(id)) {
        paths.push(
          await store.writeYaml(
            SERVICE_ORDER_FILE,
            ServiceOrderSchema,
            order.filter((o) => o !== id),
          ),
        )
        items.push(SERVICE_ORDER_ITEM)
      }
      const images = service.images.flatMap((img) => [img.cropped, img.original])
      for (const file of await findUnreferencedUploads(store, images)) {
        paths.push(await store.remove(`uploads/${file}`))
        items.push(uploadItem(file))
      }
      return { paths, result: undefined, message: `Delete service "${service.title}"`, items }
    },
  })
}
