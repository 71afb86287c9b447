// Service Management: the reorderable list beside the editor of the selected service.
import { useCallback, useEffect, useRef, useState } from 'react'
import { getServices, saveServiceOrder, updateService, type Service } from '../admin-api'
import { getContentProblems } from '../content-problems-api'
import { notifyError, notifySuccess } from '../ui/notify'
import { Loading } from '../ui/loading'
import { useLeaveGuard } from '../ui/leave-guard'
import { ServiceList } from './service-list'
import { ServiceEditor } from './service-editor'
import { AddServiceDialog } from './add-service-dialog'
import { ConfirmDialog } from '../ui/confirm-dialog'
import {
  afterDelete,
  asksBeforeShowing,
  brokenServiceIds,
  inOrder,
  keptSelection,
  placeholderQuestion,
  replaceService as withSaved,
  visibilityFailure,
  visibilityNotice,
  withVisibility,
} from './services-list-rules'

export function ServicesPanel() {
  const [services, setServices] = useState<Service[] | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [savingOrder, setSavingOrder] = useState(false)
  const { confirmLeave } = useLeaveGuard()
  const editorRef = useRef<HTMLDivElement>(null)

  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set())
  const reload = useCallback(async () => {
    getContentProblems().then(
      (problems) => setBroken(brokenServiceIds(problems)),
      () => undefined,
    )
    try {
      const list = await getServices()
      setServices(list)
      setLoadFailed(false)
      setSelectedId((current) => keptSelection(current, list))
    } catch {
      setLoadFailed(true)
      notifyError('Error loading services', 'There was a problem loading the services. Please refresh the page.')
    }
  }, [])

  useEffect(() => {
    void reload()
  }, [reload])

  const replaceService = useCallback((updated: Service) => {
    setServices((list) => withSaved(list, updated))
  }, [])

  const reorder = async (ids: string[]) => {
    if (!services) return
    setServices(inOrder(services, ids))
    setSavingOrder(true)
    try {
      await saveServiceOrder(ids)
      notifySuccess('Services reordered')
    } catch {
      notifyError('Error saving order', 'There was a problem saving the new service order. Reverting changes.')
      await reload()
    } finally {
      setSavingOrder(false)
    }
  }

  /** Shown before a service without a picture goes public: visitors would see a placeholder on its card and page. */
  const [placeholderAsk, setPlaceholderAsk] = useState<{ service: Service; mode: 'added' | 'show' } | null>(null)

  const toggleVisible = async (service: Service, visible: boolean) => {
    if (asksBeforeShowing(service, visible)) setPlaceholderAsk({ service, mode: 'show' })
    else await setVisible(service, visible)
  }

  const setVisible = async (service: Service, visible: boolean) => {
    const apply = (v: boolean) => setServices((list) => withVisibility(list, service.id, v))
    apply(visible)
    try {
      // The saved service carries its new version, so the open editor's next save is not refused as stale.
      replaceService(await updateService(service.id, { visible }))
      notifySuccess('Changes saved', visibilityNotice(service.title, visible))
    } catch {
      apply(service.visible)
      notifyError('Error updating visibility', visibilityFailure(service.title))
    }
  }

  const select = async (id: string) => {
    if (id === selectedId) return
    if (!(await confirmLeave())) return
    setSelectedId(id)
    // On a phone the editor sits below the list: bring it into view.
    if (window.matchMedia('(max-width: 959px)').matches) {
      requestAnimationFrame(() => editorRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }))
    }
  }

  const added = (service: Service) => {
    setServices((list) => [...(list ?? []), service])
    setSelectedId(service.id)
    if (asksBeforeShowing(service, service.visible)) setPlaceholderAsk({ service, mode: 'added' })
  }

  const deleted = (id: string) => {
    const next = afterDelete(services, id)
    setServices(next.list)
    setSelectedId(next.selected)
  }

  if (!services) {
    if (loadFailed) {
      return (
        <div className="admin-empty">
          <p>The services could not be loaded.</p>
          <button type="button" className="admin-button admin-button--primary" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )
    }
    return <Loading label="Loading services..." />
  }

  const selected = services.find((s) => s.id === selectedId) ?? null

  return (
    <div className="admin-services">
      <aside className="admin-services__list admin-card">
        <div className="admin-card__header">
          <div>
            <h2 className="admin-card__title">Services</h2>
            <p className="admin-card__hint">Drag to change the order on the website. Use the switch to show or hide a service.</p>
          </div>
          <AddServiceDialog existingIds={services.map((s) => s.id)} onAdded={added} />
        </div>
        <ServiceList
          services={services}
          selectedId={selectedId}
          saving={savingOrder}
          onSelect={select}
          onReorder={reorder}
          onToggleVisible={toggleVisible}
          broken={broken}
        />
      </aside>
      <ConfirmDialog
        open={placeholderAsk !== null}
        title="No picture yet"
        description={placeholderAsk ? placeholderQuestion(placeholderAsk.service.title) : ''}
        confirmLabel="Show it anyway"
        cancelLabel="Keep it hidden"
        onConfirm={() => {
          if (placeholderAsk?.mode === 'show') void setVisible(placeholderAsk.service, true)
          setPlaceholderAsk(null)
        }}
        onCancel={() => {
          if (placeholderAsk?.mode === 'added') void setVisible(placeholderAsk.service, false)
          setPlaceholderAsk(null)
        }}
      />
      <section className="admin-services__editor" ref={editorRef} aria-label="Service editor">
        {selected ? (
          <ServiceEditor key={selected.id} service={selected} onSaved={replaceService} onDeleted={deleted} onReload={reload} />
        ) : (
          <div className="admin-card admin-empty">
            <p>No services yet. Use Add Service to create the first one.</p>
          </div>
        )}
      </section>
    </div>
  )
}
