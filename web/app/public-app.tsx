// A public page inside the site's frame, from its data: what the server renders and the browser hydrates.
import { StrictMode, type ComponentType, type ReactNode } from 'react'
import { PageDataProvider, type PageData } from '../lib/page-context'
import { PAGE_COMPONENTS } from './route-modules'
import { RootErrorPage, RootLayout } from './root-layout'
import { Running } from '../lib/running'
import './page-styles'

function PublicApp({ data, Page }: { data: PageData | null; Page: ComponentType | null }) {
  if (!data || !Page) return <RootErrorPage />
  return (
    <PageDataProvider data={data}>
      <RootLayout>
        <Page />
      </RootLayout>
    </PageDataProvider>
  )
}

/** The whole tree for a page's data (null: the site could not be loaded), once the page's own chunk is loaded. */
export async function publicApp(data: PageData | null): Promise<ReactNode> {
  const Page = data ? await PAGE_COMPONENTS[data.route]() : null
  return (
    <StrictMode>
      <Running>
        <PublicApp data={data} Page={Page} />
      </Running>
    </StrictMode>
  )
}
