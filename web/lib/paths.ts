// Where links to a service go: its page when service pages are on, otherwise its card on the home page.
export function serviceHref(serviceId: string, servicesEnabled: boolean): string {
  return servicesEnabled ? `/services/${serviceId}` : `/#service-${serviceId}`
}

/** The header's Corporate link points at the visible service titled Corporate, if there is one. */
export function findCorporateService<T extends { title: string }>(services: readonly T[] | null): T | undefined {
  return services?.find((s) => s.title.trim().toLowerCase() === 'corporate')
}
