// Starts the dashboard in the browser: a client-only app under /admin, one address per tab.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { Running } from '../lib/running'
import { AdminApp } from './index'

const router = () => createBrowserRouter([{ path: '/admin/:tab?/*', Component: AdminApp }])

export function mountAdmin(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <Running>
        <RouterProvider router={router()} />
      </Running>
    </StrictMode>,
  )
}
