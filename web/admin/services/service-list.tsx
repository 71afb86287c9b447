// The services in website order: drag (or keyboard) to reorder, a switch per service for visibility.
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { draggedOrder } from './services-list-rules'
import { restrictToVerticalAxis } from '../ui/modifiers'
import { CSS } from '@dnd-kit/utilities'
import * as Switch from '@radix-ui/react-switch'
import type { Service } from '../admin-api'
import { reorderAnnouncements, reorderInstructions, useDragSensors } from '../ui/sortable-sensors'
import { GripIcon } from '../ui/icons'
import { ScheduleBadge, useServerNow } from '../ui/schedule-fields'
import { isShownAt } from '../../../server/lib/schedule'

interface ServiceListProps {
  services: Service[]
  selectedId: string | null
  saving: boolean
  onSelect: (id: string) => void
  onReorder: (ids: string[]) => void
  onToggleVisible: (service: Service, visible: boolean) => void
  /** Ids of services whose file does not read as valid content (shown at their last valid version, marked). */
  broken?: ReadonlySet<string>
}

export function ServiceList({ services, selectedId, saving, onSelect, onReorder, onToggleVisible, broken }: ServiceListProps) {
  const sensors = useDragSensors()
  const now = useServerNow()
  const ids = services.map((s) => s.id)
  const titleOf = (id: string | number) => services.find((s) => s.id === id)?.title ?? String(id)

  const dragEnd = ({ active, over }: DragEndEvent) => {
    const order = draggedOrder(ids, String(active.id), over ? String(over.id) : null)
    if (order) onReorder(order)
  }

  return (
    <div className="admin-sortable" aria-busy={saving}>
      {saving && (
        <p className="admin-saving" role="status">
          <span className="admin-spinner admin-spinner--small" aria-hidden="true" /> Saving changes...
        </p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[restrictToVerticalAxis]}
        onDragEnd={dragEnd}
        accessibility={{
          announcements: reorderAnnouncements(
            titleOf,
            (id) => ids.indexOf(String(id)),
            () => ids.length,
          ),
          screenReaderInstructions: reorderInstructions,
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={saving}>
          <ol className={saving ? 'admin-service-list is-disabled' : 'admin-service-list'} aria-label="Services in website order">
            {services.map((service) => (
              <ServiceRow
                key={service.id}
                service={service}
                selected={service.id === selectedId}
                now={now}
                disabled={saving}
                onSelect={() => onSelect(service.id)}
                onToggleVisible={(visible) => onToggleVisible(service, visible)}
                broken={broken?.has(service.id) ?? false}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  )
}

function ServiceRow({
  service,
  selected,
  now,
  disabled,
  onSelect,
  onToggleVisible,
  broken,
}: {
  service: Service
  selected: boolean
  now: number
  disabled: boolean
  onSelect: () => void
  onToggleVisible: (visible: boolean) => void
  broken: boolean
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: service.id,
    disabled,
  })
  const thumb = service.images[0]?.cropped
  const switchId = `visible-${service.id}`
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={[
        'admin-service-row',
        selected ? 'is-selected' : '',
        isDragging ? 'is-dragging' : '',
        service.visible ? '' : 'is-hidden',
      ].join(' ')}
      data-service-id={service.id}
      {...listeners}
    >
      <span
        ref={setActivatorNodeRef}
        className="admin-drag-handle"
        {...attributes}
        aria-label={`Reorder ${service.title}`}
        aria-disabled={disabled}
      >
        <GripIcon />
      </span>
      {thumb ? (
        <img className="admin-service-row__thumb" src={thumb} alt="" loading="lazy" draggable={false} />
      ) : (
        <span className="admin-service-row__thumb admin-service-row__thumb--empty" aria-hidden="true" />
      )}
      <button type="button" className="admin-service-row__select" aria-current={selected ? 'true' : undefined} onClick={onSelect}>
        <span className="admin-service-row__title">{service.title}</span>
        {/* A visible service outside its window says so in its badge ("Scheduled: shows ...", "Hidden since ..."). */}
        {!service.visible || isShownAt(service, now) ? (
          <span className="admin-service-row__meta">{service.visible ? 'Shown on website' : 'Hidden'}</span>
        ) : null}
        {service.visible && <ScheduleBadge window={service} now={now} />}
        {broken && <span className="admin-service-row__problem">File has an error: showing its last valid version</span>}
      </button>
      <span className="admin-service-row__toggle">
        <Switch.Root
          id={switchId}
          className="admin-switch"
          checked={service.visible}
          disabled={disabled}
          onCheckedChange={onToggleVisible}
          aria-label={`Show ${service.title} on the website`}
        >
          <Switch.Thumb className="admin-switch__thumb" />
        </Switch.Root>
      </span>
    </li>
  )
}
