// The services as content kinds, as the owner and a visitor meet them: History's words for a change to a service or
// to their order, which answers the read cache may keep, and which items History can restore. Pure (no app).
import { describe, expect, it } from 'vitest'
import { describeChanges } from '../history/change-words'
import { diffContentFile } from '../history/field-diff'
import { isRestorableItem, itemLabel, itemOfPath, pathOfItem } from '../history/items'
import { CONTENT_READS } from '../kinds/content-kinds'

const cached = (path: string) => CONTENT_READS.some((re) => re.test(path))

describe('the services in History', () => {
  it('a service file is the item services/<id>, named by its title', () => {
    expect(itemOfPath('content/services/mosaics.yaml')).toBe('services/mosaics')
    expect(pathOfItem('services/mosaics')).toBe('content/services/mosaics.yaml')
    const change = diffContentFile(
      'content/services/mosaics.yaml',
      'id: mosaics\ntitle: Mosaics\ndescription: Big.\n',
      'id: mosaics\ntitle: Mosaics\ndescription: Huge.\n',
    )
    expect(change?.label).toBe('Service "Mosaics"')
    expect(describeChanges([change!])).toEqual({ title: 'Changed the short description of Mosaics', kinds: ['services'] })
  })

  it('the order is its own item, said as a reorder', () => {
    expect(itemOfPath('content/service-order.yaml')).toBe('service-order')
    expect(itemLabel('service-order')).toBe('Service order')
    expect(itemLabel('services')).toBe('Services')
    const change = diffContentFile('content/service-order.yaml', '- a\n- b\n', '- b\n- a\n')
    expect(change?.fields).toEqual([{ field: 'order', label: 'Order', kind: 'text', change: 'changed', before: 'a\nb', after: 'b\na' }])
    expect(describeChanges([change!])).toEqual({ title: 'Reordered the services', kinds: ['services'] })
    expect(diffContentFile('content/service-order.yaml', '- a\n- b\n', '[a, b]\n')).toBeNull()
  })

  it('a service and the order can be restored', () => {
    expect(isRestorableItem('services/mosaics')).toBe(true)
    expect(isRestorableItem('service-order')).toBe(true)
  })
})

describe('the public reads of services the read cache keeps', () => {
  it('the list, one service, its page text and the order, nothing beside them', () => {
    for (const path of ['/api/services', '/api/services/mosaics', '/api/service-content/mosaics', '/api/service-order']) {
      expect(cached(path), path).toBe(true)
    }
    for (const path of [
      '/api/services/',
      '/api/services/mosaics/images',
      '/api/services/Mosaics',
      '/api/servicesx',
      '/x/api/services',
      '/api/service-content/',
      '/api/service-content/mosaics/x',
      '/api/service-orderx',
      '/x/api/service-order',
      '/api/service-order/x',
    ]) {
      expect(cached(path), path).toBe(false)
    }
  })
})
