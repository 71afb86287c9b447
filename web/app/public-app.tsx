// A public page inside the site's frame, from its data: what the server renders and the browser hydrates.
import type { ComponentType } from 'react'
import { PageDataProvider, type PageData } from './page-context'
import { RootErrorPage, RootLayout } from './root-layout'
import './page-styles'

export function PublicApp({ data, Page }: { data: PageData | null; Page: ComponentType | null }) {
  if (!data || !Page) return <RootErrorPage />
  return (
    <PageDataProvider data={data}>
      <RootLayout>
        <Page />
      </RootLayout>
    </PageDataProvider>
  )
}
