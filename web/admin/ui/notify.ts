// The dashboard's notices: destructive ones carry the spec's title and description, success ones a short title.
import { toast } from 'sonner'

export function notifyError(title: string, description: string): void {
  toast.error(title, { description })
}

export function notifySuccess(title: string, description?: string): void {
  toast.success(title, description ? { description } : undefined)
}
